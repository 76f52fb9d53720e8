import { CalendarDaysIcon, CalendarPlusIcon } from "lucide-react";
import { useId, useMemo } from "react";
import { formatDueTime, tasksDueOn } from "@core/tasks";
import { useTasks } from "@/api/tasks/get-tasks";
import { EmptyState } from "@/components/states/empty-state";
import { LoadingState } from "@/components/states/loading-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";

/**
 * Today's Schedule on the Home tab (docs/product.md#home-tab): what is on today, by time. It
 * lives in app/ because it merges several features' data (today tasks; events next).
 */
export function TodaysSchedule({ today }: { today: string }) {
  const { data: tasks, isPending } = useTasks();
  const dueToday = useMemo(() => tasksDueOn(tasks ?? [], today), [tasks, today]);
  const headingId = useId();
  const noteId = useId();
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex-row items-start justify-between gap-2 space-y-0">
        <div className="min-w-0">
          <CardTitle id={headingId} className="flex items-center gap-2">
            <CalendarDaysIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
            Today&apos;s Schedule
          </CardTitle>
          <CardDescription id={noteId} className="mt-1 text-xs">
            Adding events is coming soon.
          </CardDescription>
        </div>
        {/* Events arrive with the calendar feature; until then the button says so instead of failing. */}
        <Button size="sm" variant="outline" disabled aria-describedby={noteId}>
          <CalendarPlusIcon aria-hidden="true" />
          Add Event
        </Button>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <LoadingState label="Loading today's schedule" />
        ) : dueToday.length === 0 ? (
          <EmptyState icon={<CalendarDaysIcon />} title="No events or tasks today" text="Your schedule is free!" />
        ) : (
          <ul aria-label="Today's schedule" className="flex flex-col gap-2">
            {dueToday.map((task) => (
              <li
                key={task.id}
                className={cn(
                  "flex items-center gap-3 rounded-md border-l-4 border-primary bg-muted/50 px-3 py-2",
                  task.completed && "border-muted-foreground/40",
                )}
              >
                <span className="w-16 shrink-0 text-xs font-medium tabular-nums text-muted-foreground">{formatDueTime(task)}</span>
                <span
                  className={cn("min-w-0 flex-1 text-sm font-medium break-words", task.completed && "text-muted-foreground line-through")}
                >
                  {task.title}
                  {task.subject && <span className="block text-xs font-normal text-muted-foreground">{task.subject}</span>}
                </span>
                <Badge variant="secondary">Due</Badge>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
