import { AlertTriangleIcon, CalendarDaysIcon, CalendarPlusIcon, CheckCircle2Icon, PlusIcon } from "lucide-react";
import { useId, useMemo, type ReactNode } from "react";
import { formatFullDate, greeting } from "@core/greeting";
import type { Task } from "@core/schemas/task";
import { formatDueTime, homeTaskList, moreTasksLabel, tasksDueOn } from "@core/tasks";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { useTasks } from "../api/get-tasks";
import { useTaskDialog } from "../hooks/use-task-dialog";
import { useToday } from "../hooks/use-today";
import { useToggleTask } from "../hooks/use-toggle-task";
import { TaskFormDialog } from "./task-form-dialog";
import { TaskItem } from "./task-item";
import type { TaskUser } from "./types";

type HomeTabProps = {
  user: TaskUser;
  /** The school's time zone (GET /api/settings/public `timeZone`). */
  timeZone: string;
  /** The notifications card, supplied by the push feature. */
  notifications?: ReactNode;
};

/** The Home tab: greeting, Today's Schedule and the task list (spec §2). */
export function HomeTab({ user, timeZone, notifications }: HomeTabProps) {
  const { data: tasks, isPending, isError, refetch } = useTasks();
  const { now, today } = useToday(timeZone);
  const dialog = useTaskDialog(user.id, tasks);
  const { toggle } = useToggleTask();

  return (
    <section aria-labelledby="home-greeting" className="flex flex-col gap-5">
      <div>
        <h2 id="home-greeting" className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
          {greeting(now, timeZone, user.firstName)}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{formatFullDate(now, timeZone)}</p>
      </div>

      {notifications}

      {/* grid-cols-1 is minmax(0, 1fr): a long unbroken word in a task title must wrap, not widen the page. */}
      <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-2">
        <TodaySchedule tasks={tasks} today={today} isPending={isPending} />
        <HomeTasks
          tasks={tasks}
          today={today}
          isPending={isPending}
          isError={isError}
          onRetry={() => void refetch()}
          onAdd={dialog.openCreate}
          onEdit={dialog.openEdit}
          onToggle={toggle}
        />
      </div>

      <TaskFormDialog state={dialog.state} onClose={dialog.close} userId={user.id} userClasses={user.userClasses} today={today} />
    </section>
  );
}

function TodaySchedule({ tasks, today, isPending }: { tasks: Task[] | undefined; today: string; isPending: boolean }) {
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
          <div className="flex justify-center py-6">
            <Spinner label="Loading today's schedule" />
          </div>
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

type HomeTasksProps = {
  tasks: Task[] | undefined;
  today: string;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  onAdd: () => void;
  onEdit: (task: Task) => void;
  onToggle: (task: Task, completed: boolean) => void;
};

function HomeTasks({ tasks, today, isPending, isError, onRetry, onAdd, onEdit, onToggle }: HomeTasksProps) {
  const list = useMemo(() => homeTaskList(tasks ?? [], today), [tasks, today]);
  const headingId = useId();
  const urgent = list.kind === "urgent";
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle id={headingId} className={cn("flex items-center gap-2", urgent && "text-destructive")}>
          {urgent ? (
            <AlertTriangleIcon className="size-5" aria-hidden="true" />
          ) : (
            <CheckCircle2Icon className="size-5 text-primary" aria-hidden="true" />
          )}
          {urgent ? "Urgent Tasks" : "Your Tasks"}
        </CardTitle>
        <Button size="sm" onClick={onAdd}>
          <PlusIcon aria-hidden="true" />
          Add Task
        </Button>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading tasks" />
          </div>
        ) : isError ? (
          <div className="flex flex-col items-center gap-3 py-6 text-center">
            <p className="text-sm text-muted-foreground">Your tasks could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={onRetry}>
              Try again
            </Button>
          </div>
        ) : list.shown.length === 0 ? (
          <EmptyState icon={<CheckCircle2Icon />} title="No tasks" text="You're all caught up!" />
        ) : (
          <>
            <ul aria-label={urgent ? "Urgent tasks" : "Your tasks"} className="flex flex-col gap-2">
              {list.shown.map((task) => (
                <TaskItem key={task.id} task={task} today={today} onToggle={onToggle} onEdit={onEdit} compact />
              ))}
            </ul>
            {list.more > 0 && (
              <p className="mt-3 text-center text-sm">
                <a href="#todo" className="font-medium text-primary underline-offset-4 hover:underline">
                  {moreTasksLabel(list.more)}
                </a>
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function EmptyState({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="flex flex-col items-center gap-1 py-6 text-center">
      <span className="mb-1 text-muted-foreground/60 [&_svg]:size-9" aria-hidden="true">
        {icon}
      </span>
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{text}</p>
    </div>
  );
}
