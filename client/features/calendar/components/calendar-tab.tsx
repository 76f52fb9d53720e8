import { CalendarPlusIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { isCalendarDate } from "@core/dates";
import { useLinkedParam } from "@/hooks/use-linked-param";
import type { User } from "@core/api-types";
import { calendarEntries, dayDetailOrder, entriesByDate } from "@core/calendar/entries";
import { nextFiveDays, nextFiveDaysRange } from "@core/calendar/next-five-days";
import { expandEvents } from "@core/calendar/recurrence";
import { classPeriodOf } from "@core/classes";
import { useEvents } from "@/api/events/get-events";
import { agendaQueryOptions, useAgenda } from "@/api/user/agenda";
import { useTasks } from "@/api/tasks/get-tasks";
import { ErrorState } from "@/components/states/error-state";
import { Button } from "@/components/ui/button";
import { useCreateRequest } from "@/hooks/use-create-request";
import { useLocale, useT } from "@/lib/i18n";
import { useToday } from "@/hooks/use-today";
import { DayDetailDialog } from "./day-detail-dialog";
import { useEventActions } from "./event-actions";
import { MonthGrid } from "./month-grid";
import { monthGridDates, monthOf, shiftMonth } from "../utils/month-grid-dates";
import { agendaCovers, agendaDayLine, agendaDayNotes, agendaDayOffEntries, agendaSchoolEntries } from "../utils/school-days";
import { NextFiveDaysCard } from "./next-five-days-card";
import { OnDemandEventFormDialog } from "./on-demand-event-form-dialog";
import { useRestoredEventDraft } from "../hooks/event-draft";

type CalendarTabProps = {
  user: User;
  timeZone: string;
  /** The app asks for the Add Event dialog (a shortcut, the floating add button); `onCreateOpened` says it opened. */
  createRequested?: boolean;
  onCreateOpened?: () => void;
};

/**
 * The Calendar tab (docs/product.md#calendar): Next 5 Days, the month grid and the day detail,
 * with the event dialogs. Series are expanded only for the dates on screen.
 */
export function CalendarTab({ user, timeZone, createRequested, onCreateOpened }: CalendarTabProps) {
  const { today } = useToday(timeZone);
  const t = useT();
  const locale = useLocale();
  const eventsQuery = useEvents();
  const tasksQuery = useTasks();
  const events = useMemo(() => eventsQuery.data ?? [], [eventsQuery.data]);
  const tasks = useMemo(() => tasksQuery.data ?? [], [tasksQuery.data]);
  // A reminder's link (`?day=2026-12-01`) opens that day.
  const linkedDay = useLinkedParam("day", (text) => (isCalendarDate(text) ? text : null));
  const [month, setMonth] = useState(() => monthOf(linkedDay ?? today));
  const [openDay, setOpenDay] = useState<string | null>(linkedDay);
  // A form kept when the session expired reopens once after signing in again (docs/decisions/022).
  const [form, setForm] = useRestoredEventDraft(user.id);
  const actions = useEventActions({ events, openForm: setForm });
  useCreateRequest(createRequested, () => setForm({ mode: "create" }), onCreateOpened);
  const periodOf = useMemo(() => classPeriodOf(user.userClasses), [user.userClasses]);

  const gridDates = useMemo(() => monthGridDates(month), [month]);
  const gridFrom = gridDates[0]!;
  const gridTo = gridDates[gridDates.length - 1]!;
  // The school day of the shown weeks (GET /api/user/agenda, decision 112): the days off, rotation
  // days, bell schedules and school events of the schedule the student follows, worked out by the
  // server. One read per month shown (6 weeks at most, within the agenda's 62 days). The grid never
  // waits for it: the student's own events and tasks show at once, the school's day joins them when
  // it comes, and while another month's loads the weeks the two share keep what they showed.
  const gridAgenda = useQuery({ ...agendaQueryOptions(gridFrom, gridTo), placeholderData: keepPreviousData }).data;
  const schoolEntries = useMemo(() => agendaSchoolEntries(gridAgenda ?? []), [gridAgenda]);
  const byDate = useMemo(() => {
    const grouped = entriesByDate([...calendarEntries(expandEvents(events, gridFrom, gridTo), tasks, gridFrom, gridTo), ...schoolEntries]);
    for (const [date, list] of grouped) grouped.set(date, dayDetailOrder(list, periodOf));
    return grouped;
  }, [events, tasks, gridFrom, gridTo, periodOf, schoolEntries]);
  // The rotation day ("A") or the day off ("Winter break") of each shown date.
  const dayNotes = useMemo(() => agendaDayNotes(gridAgenda ?? [], t), [gridAgenda, t]);

  // Next 5 Days reads the agenda of today's month as the grid shows it: the same read as the grid's
  // on that month, and kept while the grid shows another, so turning months never empties the card.
  // Only when its window runs past those weeks (today near a month's last Saturday) does it read its
  // own window's too.
  const todaysGrid = useMemo(() => monthGridDates(monthOf(today)), [today]);
  const todaysAgenda = useAgenda(todaysGrid[0]!, todaysGrid[todaysGrid.length - 1]!).data;
  const upcomingRange = nextFiveDaysRange(today);
  const todaysHoldsWindow = agendaCovers(todaysAgenda, upcomingRange.from, upcomingRange.to);
  const windowAgenda = useAgenda(upcomingRange.from, upcomingRange.to, todaysAgenda !== undefined && !todaysHoldsWindow).data;
  const upcomingAgenda = todaysHoldsWindow ? todaysAgenda : windowAgenda;
  const upcoming = useMemo(() => {
    const { from, to } = nextFiveDaysRange(today);
    const school = upcomingAgenda ? [...agendaSchoolEntries(upcomingAgenda), ...agendaDayOffEntries(upcomingAgenda, from, to)] : [];
    return nextFiveDays(expandEvents(events, from, to), tasks, today, periodOf, locale, school);
  }, [events, tasks, today, periodOf, locale, upcomingAgenda]);

  const loading = eventsQuery.isPending || tasksQuery.isPending;
  const failed = eventsQuery.isError || tasksQuery.isError;

  return (
    <section aria-labelledby="calendar-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="calendar-title" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t("calendar.title")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("calendar.subtitle")}</p>
        </div>
        <Button onClick={() => setForm({ mode: "create" })}>
          <CalendarPlusIcon aria-hidden="true" /> {t("calendar.add_event")}
        </Button>
      </div>

      {failed ? (
        <ErrorState
          message={t("calendar.load_failed")}
          retryLabel={t("calendar.try_again")}
          onRetry={() => {
            void eventsQuery.refetch();
            void tasksQuery.refetch();
          }}
        />
      ) : (
        <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <MonthGrid
            month={month}
            today={today}
            entriesByDate={byDate}
            dayNotes={dayNotes}
            busy={loading}
            onPreviousMonth={() => setMonth((m) => shiftMonth(m, -1))}
            onNextMonth={() => setMonth((m) => shiftMonth(m, 1))}
            onOpenDay={setOpenDay}
          />
          <NextFiveDaysCard entries={upcoming} isPending={loading} />
        </div>
      )}

      <DayDetailDialog
        date={openDay}
        note={
          openDay
            ? agendaDayLine(
                gridAgenda?.find((d) => d.date === openDay),
                t,
              )
            : null
        }
        entries={openDay ? (byDate.get(openDay) ?? []) : []}
        onClose={() => setOpenDay(null)}
        onEdit={(entry) => {
          setOpenDay(null);
          actions.openEdit(entry);
        }}
        onDelete={(entry) => {
          setOpenDay(null);
          actions.openDelete(entry);
        }}
      />
      <OnDemandEventFormDialog state={form} onClose={() => setForm(null)} userId={user.id} userClasses={user.userClasses} today={today} />
      {actions.dialogs}
    </section>
  );
}
