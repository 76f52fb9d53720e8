import { CalendarPlusIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { isCalendarDate } from "@core/dates";
import { useLinkedParam } from "@/hooks/use-linked-param";
import { type SchoolDay, schoolDayOf } from "@core/school-day";
import { useSchoolSchedule } from "@/api/user/school-schedule";
import type { User } from "@core/api-types";
import { calendarEntries, dayDetailOrder, entriesByDate } from "@core/calendar/entries";
import { nextFiveDays, nextFiveDaysRange } from "@core/calendar/next-five-days";
import { expandEvents } from "@core/calendar/recurrence";
import { classPeriodOf } from "@core/classes";
import { useEvents } from "@/api/events/get-events";
import { useTasks } from "@/api/tasks/get-tasks";
import { ErrorState } from "@/components/states/error-state";
import { Button } from "@/components/ui/button";
import { useCreateRequest } from "@/hooks/use-create-request";
import { useLocale, useT } from "@/lib/i18n";
import type { Translate } from "@core/i18n/translate";
import { useToday } from "@/hooks/use-today";
import { DayDetailDialog } from "./day-detail-dialog";
import { useEventActions } from "./event-actions";
import type { DayNote } from "./day-cell";
import { MonthGrid } from "./month-grid";
import { monthGridDates, monthOf, shiftMonth } from "../utils/month-grid-dates";
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
  const byDate = useMemo(() => {
    const from = gridDates[0]!;
    const to = gridDates[gridDates.length - 1]!;
    const grouped = entriesByDate(calendarEntries(expandEvents(events, from, to), tasks, from, to));
    for (const [date, list] of grouped) grouped.set(date, dayDetailOrder(list, periodOf));
    return grouped;
  }, [events, tasks, gridDates, periodOf]);

  // The rotation day ("A") or the day off ("Winter break") of each shown date.
  const schedule = useSchoolSchedule().data;
  const dayNotes = useMemo(() => {
    const notes = new Map<string, DayNote>();
    if (!schedule) return notes;
    for (const date of gridDates) {
      const day = schoolDayOf(schedule, date);
      if (day.off && day.label) notes.set(date, { text: day.label, dayOff: true });
      else if (!day.off && day.rotationDay) notes.set(date, { text: day.rotationDay, dayOff: false });
    }
    return notes;
  }, [schedule, gridDates]);

  const upcoming = useMemo(() => {
    const { from, to } = nextFiveDaysRange(today);
    return nextFiveDays(expandEvents(events, from, to), tasks, today, periodOf, locale);
  }, [events, tasks, today, periodOf, locale]);

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
        note={openDay && schedule ? dayNoteText(schoolDayOf(schedule, openDay), t) : null}
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

/** The day detail's line about the school day: "A day", "Day 3", "No school: Winter break". */
function dayNoteText(day: SchoolDay, t: Translate): string | null {
  if (day.off) return day.label ? t("calendar.no_school", { label: day.label }) : null;
  if (!day.rotationDay) return null;
  return /day/i.test(day.rotationDay) ? day.rotationDay : t("calendar.rotation_day", { day: day.rotationDay });
}
