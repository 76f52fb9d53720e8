import { CalendarDaysIcon, CalendarPlusIcon } from "lucide-react";
import { type ComponentType, type ReactNode, useId, useMemo } from "react";
import { agendaIsSet, nextAgendaSchoolDay } from "@core/agenda";
import type { User } from "@core/api-types";
import {
  type CalendarEntry,
  calendarEntries,
  clockOrder,
  entrySortTime,
  eventTypeLabelId,
  isSchoolDayChange,
  schoolEventEntry,
} from "@core/calendar/entries";
import { expandEvents } from "@core/calendar/recurrence";
import { classPeriodOf, LUNCH, periodLabel } from "@core/classes";
import { addDaysToDate, weekdayOfDate } from "@core/dates";
import { clockHour, formatShortDate, formatTime12, weekdayLabel } from "@core/format";
import type { Locale } from "@core/i18n/locale";
import type { Translate } from "@core/i18n/translate";
import type { AgendaDay } from "@core/schemas/school";
import { formatDueTime } from "@core/tasks";
import { entryBadge } from "@core/calendar/next-five-days";
import { type AgendaRow, alternateName, type ClassRow, todaysAgenda, rotationDayName } from "@core/school-day";
import { useAgenda } from "@/api/user/agenda";
import { useEvents } from "@/api/events/get-events";
import { useTasks } from "@/api/tasks/get-tasks";
import { homeAgendaRange } from "@/app/screens/dashboard/home-reads";
import { EmptyState } from "@/components/states/empty-state";
import { LoadingState } from "@/components/states/loading-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { OnDemandEventFormDialog } from "@/features/calendar/components/on-demand-event-form-dialog";
import { useRestoredEventDraft } from "@/features/calendar/hooks/event-draft";
import type { PlannedRowsProps } from "@/features/plan/components/tonight-card";
import { cn } from "@/lib/cn";
import { useLocale, useT } from "@/lib/i18n";

/**
 * Today's Schedule on the Home tab (docs/product.md#home-tab): today's event occurrences and the
 * tasks due today, in the order of the clock (clockOrder, docs/decisions/082), with Add Event. It lives in app/ because it merges the
 * tasks' and the calendar's data.
 */
export function TodaysSchedule({
  user,
  today,
  nowTime,
  PlannedRows,
}: {
  user: User;
  today: string;
  nowTime: string;
  /** Today's study blocks among the rows (the study plan's, loaded with Home's Tonight card); the rows alone until then. */
  PlannedRows?: ComponentType<PlannedRowsProps<AgendaRow<CalendarEntry>>>;
}) {
  const tasksQuery = useTasks();
  const eventsQuery = useEvents();
  // The school day comes worked out from the server (GET /api/user/agenda, decision 112): the
  // school's schedule or the student's own, whichever they follow, with the school's events. Until
  // a school day is set up (or while it loads, or if it cannot be read) the schedule shows events
  // and tasks alone (decision 090's rule, read from the agenda: agendaIsSet).
  const [from, to] = homeAgendaRange(today);
  const days = useAgenda(from, to).data;
  const day = useMemo(() => (days && agendaIsSet(days) ? (days.find((d) => d.date === today) ?? null) : null), [days, today]);
  // Home is where a student lands after signing in again: an event form kept when the session
  // expired reopens here (or on the Calendar tab, whichever shows first; docs/decisions/022).
  const [form, setForm] = useRestoredEventDraft(user.id);
  const periodOf = useMemo(() => classPeriodOf(user.userClasses), [user.userClasses]);
  const todaysSchoolEvents = days?.find((d) => d.date === today)?.schoolEvents;
  const entries = useMemo(
    () =>
      clockOrder(
        [
          ...calendarEntries(expandEvents(eventsQuery.data ?? [], today, today), tasksQuery.data ?? [], today, today),
          ...(todaysSchoolEvents ?? []).map((e) => schoolEventEntry(e, today)),
        ],
        periodOf,
      ),
    [eventsQuery.data, tasksQuery.data, today, periodOf, todaysSchoolEvents],
  );
  const meetings = useMemo(() => day?.classes ?? NO_CLASSES, [day]);
  const agenda = useMemo(() => todaysAgenda(entries, meetings, nowTime, isSchoolDayChange, entrySortTime), [entries, meetings, nowTime]);
  const lastEnd = meetings.reduce<string | null>((latest, m) => (m.end && (!latest || m.end > latest) ? m.end : latest), null);
  // On a day off, a weekend, or once today's classes are over: the next school day's first classes.
  const showNextDay = day !== null && user.userClasses.length > 0 && (!day.schoolDay || (lastEnd !== null && nowTime >= lastEnd));
  const nearNext = showNextDay && days ? nextAgendaSchoolDay(days, today) : null;
  // A break longer than Home's first read (a summer): the 62 days after it, asked only then.
  const later = useAgenda(addDaysToDate(to, 1), addDaysToDate(to, 62), showNextDay && nearNext === null).data;
  const nextDay = nearNext ?? (showNextDay && later ? nextAgendaSchoolDay(later, to) : null);
  const headingId = useId();
  const t = useT();
  const drawList = (rows: ReactNode[]) =>
    rows.length === 0 ? (
      !showNextDay && <EmptyState icon={<CalendarDaysIcon />} title={t("dashboard.nothing_today")} text={t("dashboard.schedule_free")} />
    ) : (
      <ul aria-label={t("dashboard.todays_schedule_list")} className="flex flex-col gap-2">
        {rows}
      </ul>
    );
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex-row items-start justify-between gap-2 space-y-0">
        {/* One line beside Add Event at 375 px: a smaller title on phones, never wrapped. */}
        <CardTitle id={headingId} className="flex min-w-0 items-center gap-2 text-base whitespace-nowrap sm:text-lg">
          <CalendarDaysIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {t("dashboard.todays_schedule")}
        </CardTitle>
        <Button size="sm" variant="outline" onClick={() => setForm({ mode: "create" })}>
          <CalendarPlusIcon aria-hidden="true" />
          {t("dashboard.add_event")}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        {day && !day.schoolDay ? (
          <p className="text-sm font-medium">
            {day.offLabel ? t("dashboard.no_school_today_because", { reason: day.offLabel }) : t("dashboard.no_school_today")}
          </p>
        ) : (
          day &&
          (day.rotationDay || day.bellSchedule) && (
            <p className="text-sm font-medium">
              {[
                day.rotationDay && rotationText(day.rotationDay, t),
                day.bellSchedule && t("dashboard.bell_schedule_named", { name: alternateName(day.bellSchedule.name, t) }),
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          )
        )}
        {tasksQuery.isPending || eventsQuery.isPending ? (
          <LoadingState label={t("dashboard.loading_todays_schedule")} />
        ) : PlannedRows ? (
          <PlannedRows rows={agenda} timeOf={rowTime} renderRow={drawRow} today={today}>
            {drawList}
          </PlannedRows>
        ) : (
          drawList(agenda.map(drawRow))
        )}
        {nextDay && <NextSchoolDay day={nextDay} />}
      </CardContent>
      <OnDemandEventFormDialog state={form} onClose={() => setForm(null)} userId={user.id} userClasses={user.userClasses} today={today} />
    </Card>
  );
}

const drawRow = (row: AgendaRow<CalendarEntry>) =>
  row.kind === "class" ? <ClassItem key={`class-${row.meeting.period}`} row={row} /> : <EntryItem key={row.entry.id} entry={row.entry} />;
/** When a row starts: a class's bell time, an entry's place in the clock order (entrySortTime). */
const rowTime = (row: AgendaRow<CalendarEntry>) => (row.kind === "class" ? row.meeting.start : entrySortTime(row.entry));

/** "A day" (Spanish "Día A"); a cycle's stored "Day 3" in the reader's language ("Día 3"); any other day's own name. */
function rotationText(label: string, t: Translate): string {
  if (/^Day \d+$/.test(label)) return rotationDayName(label, t);
  return /day|d[ií]a/i.test(label) ? label : t("dashboard.rotation_day", { label });
}

/** A class's name as stored, but Lunch (stored in English, as every language's schedule keeps it) in the reader's language. */
function className(name: string, t: Translate): string {
  return name === LUNCH ? t("classes.lunch") : name;
}

function EntryItem({ entry }: { entry: CalendarEntry }) {
  const t = useT();
  const locale = useLocale();
  return (
    <li
      className={cn(
        "flex items-center gap-3 rounded-md border-l-4 border-primary bg-muted/50 px-3 py-2",
        entry.isCompleted && "border-muted-foreground/40",
      )}
    >
      <span className="w-16 shrink-0 text-xs font-medium tabular-nums text-muted-foreground">
        {entry.kind === "task"
          ? formatDueTime({ dueTime: entry.time }, locale)
          : entry.time
            ? formatTime12(entry.time, locale)
            : t("common.all_day")}
      </span>
      <span className={cn("min-w-0 flex-1 text-sm font-medium break-words", entry.isCompleted && "text-muted-foreground line-through")}>
        {entry.title}
        {/* The school's events: their type under the title, the School badge beside it. */}
        {(entry.school || entry.subject) && (
          <span className="block text-xs font-normal text-muted-foreground">
            {entry.school ? t(eventTypeLabelId(entry.type)) : entry.subject}
          </span>
        )}
      </span>
      {entry.school ? (
        <Badge variant="outline">{t("dashboard.school_badge")}</Badge>
      ) : (
        <Badge variant="secondary">{t(entryBadge(entry))}</Badge>
      )}
    </li>
  );
}

/** A class of today's, marked "Now" with the minutes left while it meets, or "Next". */
function ClassItem({ row }: { row: ClassRow }) {
  const { meeting, status, minutesLeft } = row;
  const t = useT();
  const locale = useLocale();
  return (
    <li
      aria-current={status === "now" ? "time" : undefined}
      className={cn(
        "flex items-center gap-3 rounded-md border-l-4 border-muted-foreground/40 px-3 py-2",
        status === "now" && "border-primary bg-primary/10",
      )}
    >
      <span className="w-16 shrink-0 text-xs font-medium tabular-nums text-muted-foreground">
        {meeting.start ? formatTime12(meeting.start, locale) : periodLabel({ t, locale }, meeting.period)}
      </span>
      <span className="min-w-0 flex-1 text-sm font-medium break-words">
        {className(meeting.name, t)}
        <span className="block text-xs font-normal text-muted-foreground">
          {meeting.start && meeting.end
            ? t("dashboard.class_until", {
                period: periodLabel({ t, locale }, meeting.period),
                time: formatTime12(meeting.end, locale),
                hour: clockHour(meeting.end),
              })
            : t("dashboard.class")}
        </span>
      </span>
      {status === "now" && <Badge>{t("dashboard.class_now", { minutes: minutesLeft ?? 0 })}</Badge>}
      {status === "next" && <Badge variant="outline">{t("common.next")}</Badge>}
    </li>
  );
}

const NEXT_DAY_CLASSES_SHOWN = 3;
const NO_CLASSES: AgendaDay["classes"] = [];

/** The next school day's first classes, and how many more meet, when today has none left. */
function NextSchoolDay({ day }: { day: AgendaDay }) {
  const first = day.classes.slice(0, NEXT_DAY_CLASSES_SHOWN);
  const more = day.classes.length - first.length;
  const t = useT();
  const locale: Locale = useLocale();
  const rotation = day.rotationDay ? ` (${rotationText(day.rotationDay, t)})` : "";
  const on = t("dashboard.next_school_day_on", {
    weekday: weekdayLabel(weekdayOfDate(day.date), locale),
    date: formatShortDate(day.date, locale),
  });
  return (
    <div className="grid gap-1 rounded-md bg-muted/50 px-3 py-2" aria-label={t("dashboard.next_school_day")} role="group">
      <p className="text-sm font-medium">{`${on}${rotation}`}</p>
      {first.length > 0 && (
        <ul className="text-sm text-muted-foreground">
          {first.map((m) => (
            <li key={m.period}>
              {m.start
                ? `${formatTime12(m.start, locale)} · ${className(m.name, t)}`
                : `${periodLabel({ t, locale }, m.period)} · ${className(m.name, t)}`}
            </li>
          ))}
          {more > 0 && <li>{t("dashboard.more_classes", { count: more })}</li>}
        </ul>
      )}
    </div>
  );
}
