import { CalendarDaysIcon, CalendarPlusIcon } from "lucide-react";
import { useId, useMemo } from "react";
import type { User } from "@core/api-types";
import { calendarEntries, clockOrder } from "@core/calendar/entries";
import { entryBadge } from "@core/calendar/next-five-days";
import { expandEvents } from "@core/calendar/recurrence";
import { classPeriodOf } from "@core/classes";
import { formatTime12 } from "@core/format";
import { useEvents } from "@/api/events/get-events";
import { useTasks } from "@/api/tasks/get-tasks";
import { EmptyState } from "@/components/states/empty-state";
import { LoadingState } from "@/components/states/loading-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { OnDemandEventFormDialog } from "@/features/calendar/components/on-demand-event-form-dialog";
import { useRestoredEventDraft } from "@/features/calendar/hooks/event-draft";
import { cn } from "@/lib/cn";

/**
 * Today's Schedule on the Home tab (docs/product.md#home-tab): today's event occurrences and the
 * tasks due today, in the order of the clock (clockOrder, docs/decisions/082), with Add Event. It lives in app/ because it merges the
 * tasks' and the calendar's data.
 */
export function TodaysSchedule({ user, today }: { user: User; today: string }) {
  const tasksQuery = useTasks();
  const eventsQuery = useEvents();
  // Home is where a student lands after signing in again: an event form kept when the session
  // expired reopens here (or on the Calendar tab, whichever shows first; docs/decisions/022).
  const [form, setForm] = useRestoredEventDraft(user.id);
  const periodOf = useMemo(() => classPeriodOf(user.userClasses), [user.userClasses]);
  const entries = useMemo(
    () => clockOrder(calendarEntries(expandEvents(eventsQuery.data ?? [], today, today), tasksQuery.data ?? [], today, today), periodOf),
    [eventsQuery.data, tasksQuery.data, today, periodOf],
  );
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex-row items-start justify-between gap-2 space-y-0">
        <CardTitle id={headingId} className="flex min-w-0 items-center gap-2">
          <CalendarDaysIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
          Today&apos;s Schedule
        </CardTitle>
        <Button size="sm" variant="outline" onClick={() => setForm({ mode: "create" })}>
          <CalendarPlusIcon aria-hidden="true" />
          Add Event
        </Button>
      </CardHeader>
      <CardContent>
        {tasksQuery.isPending || eventsQuery.isPending ? (
          <LoadingState label="Loading today's schedule" />
        ) : entries.length === 0 ? (
          <EmptyState icon={<CalendarDaysIcon />} title="No events or tasks today" text="Your schedule is free!" />
        ) : (
          <ul aria-label="Today's schedule" className="flex flex-col gap-2">
            {entries.map((entry) => (
              <li
                key={entry.id}
                className={cn(
                  "flex items-center gap-3 rounded-md border-l-4 border-primary bg-muted/50 px-3 py-2",
                  entry.isCompleted && "border-muted-foreground/40",
                )}
              >
                <span className="w-16 shrink-0 text-xs font-medium tabular-nums text-muted-foreground">
                  {entry.time ? formatTime12(entry.time) : entry.kind === "task" ? "11:59 PM" : "All day"}
                </span>
                <span
                  className={cn(
                    "min-w-0 flex-1 text-sm font-medium break-words",
                    entry.isCompleted && "text-muted-foreground line-through",
                  )}
                >
                  {entry.title}
                  {entry.subject && <span className="block text-xs font-normal text-muted-foreground">{entry.subject}</span>}
                </span>
                <Badge variant="secondary">{entryBadge(entry)}</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <OnDemandEventFormDialog state={form} onClose={() => setForm(null)} userId={user.id} userClasses={user.userClasses} today={today} />
    </Card>
  );
}
