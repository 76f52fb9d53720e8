import { AlertCircleIcon, CheckCircle2Icon, ChevronRightIcon, ClipboardListIcon, ListTodoIcon, PlusIcon } from "lucide-react";
import { useMemo, useState, type ReactNode } from "react";
import {
  countTasks,
  filterTasks,
  groupTasksByDue,
  sortTasks,
  TASK_FILTER_EMPTY,
  TASK_FILTER_LABEL,
  TASK_FILTERS,
  TASK_SORT_LABEL,
  TASK_SORTS,
  type TaskFilter,
  type TaskSort,
} from "@core/tasks";
import type { Task } from "@core/schemas/task";
import { EmptyState } from "@/components/states/empty-state";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n";
import { useTasks } from "@/api/tasks/get-tasks";
import { useTaskDialog } from "../hooks/use-task-dialog";
import { useLinkedParam } from "@/hooks/use-linked-param";
import { useCreateRequest } from "@/hooks/use-create-request";
import { useToday } from "@/hooks/use-today";
import { useToggleTask } from "../hooks/use-toggle-task";
import { OnDemandTaskFormDialog } from "./on-demand-task-form-dialog";
import { TaskItem } from "./task-item";
import type { TaskUser } from "../types/task-user";
import { QuickAddField } from "./quick-add-field";
import type { QuickAddRequest } from "../types/quick-add";

type TasksTabProps = {
  user: TaskUser;
  /** The school's time zone (GET /api/settings/public `timeZone`). */
  timeZone: string;
  /** The app asks for the Add Task dialog (a shortcut, the floating add button); `onCreateOpened` says it opened. */
  createRequested?: boolean;
  onCreateOpened?: () => void;
  /** The app asks for quick add (the `n` key from the Calendar): its field takes it. */
  quickAddRequest?: QuickAddRequest | null;
  onQuickAddTaken?: () => void;
};

/** The Tasks tab: "Assignment To-Do List" (docs/product.md#tasks-tab). */
export function TasksTab({ user, timeZone, createRequested, onCreateOpened, quickAddRequest, onQuickAddTaken }: TasksTabProps) {
  const { data: tasks, isPending, isError, refetch } = useTasks();
  const { today } = useToday(timeZone);
  const t = useT();
  const [sort, setSort] = useState<TaskSort>("none");
  const [filter, setFilter] = useState<TaskFilter>("all");
  const linkedTaskId = useLinkedParam("task", (text) => (/^[1-9]\d{0,9}$/.test(text) ? Number(text) : null));
  const dialog = useTaskDialog(user.id, tasks, linkedTaskId);
  const { toggle } = useToggleTask();
  useCreateRequest(createRequested, dialog.openCreate, onCreateOpened);

  // No list, no numbers: zeros above "could not be loaded" would read as "your tasks are gone".
  const counts = useMemo(() => (tasks ? countTasks(tasks, today) : null), [tasks, today]);
  const visible = useMemo(() => sortTasks(filterTasks(tasks ?? [], filter, today), sort), [tasks, filter, sort, today]);
  // "No sorting" is the order a student reads a list in: by when things are due (decision 069).
  const grouped = useMemo(
    () => (sort === "none" && filter !== "completed" ? groupTasksByDue(visible, today) : null),
    [visible, sort, filter, today],
  );
  const [showCompleted, setShowCompleted] = useState(false);
  const row = (task: Task) => <TaskItem key={task.id} task={task} today={today} onToggle={toggle} onEdit={dialog.openEdit} />;

  const taskList = isPending ? (
    <LoadingState label={t("tasks.loading_tasks")} className="py-12" />
  ) : isError ? (
    <Card>
      <ErrorState message={t("tasks.load_failed")} onRetry={() => void refetch()} className="p-8" />
    </Card>
  ) : visible.length === 0 ? (
    <Card>
      {filter === "all" ? (
        <EmptyState
          icon={<ClipboardListIcon />}
          title={t("tasks.no_tasks_yet")}
          className="px-4 py-10"
          action={
            <Button onClick={dialog.openCreate}>
              <PlusIcon aria-hidden="true" />
              {t("tasks.add_first_task")}
            </Button>
          }
        />
      ) : (
        <EmptyState icon={<ClipboardListIcon />} title={t(TASK_FILTER_EMPTY[filter])} className="px-4 py-10" />
      )}
    </Card>
  ) : grouped ? (
    // One region for the whole list; a list per group, named by its heading.
    <section aria-label={t("tasks.tasks")} className="flex flex-col gap-5">
      {grouped.groups.map(({ group, label, tasks: inGroup }) => (
        <div key={group}>
          <h3 id={`task-group-${group}`} className="mb-2 flex items-baseline gap-2 text-sm font-semibold">
            <span className={cn(group === "overdue" && "text-destructive")}>{t(label)}</span>
            <span className="text-xs font-normal text-muted-foreground tabular-nums">{inGroup.length}</span>
          </h3>
          <ul aria-label={t(label)} className="flex flex-col gap-2">
            {inGroup.map(row)}
          </ul>
        </div>
      ))}
      {grouped.completed.length > 0 && (
        <div>
          <h3 className="mb-2 text-sm font-semibold">
            <Button
              variant="ghost"
              size="sm"
              className="-ml-2"
              aria-expanded={showCompleted}
              aria-controls="completed-tasks"
              onClick={() => setShowCompleted((shown) => !shown)}
            >
              <ChevronRightIcon className={cn("transition-transform", showCompleted && "rotate-90")} aria-hidden="true" />
              {t("tasks.completed_count", { count: grouped.completed.length })}
            </Button>
          </h3>
          {showCompleted && (
            <ul id="completed-tasks" aria-label={t("tasks.filter_completed")} className="flex flex-col gap-2">
              {grouped.completed.map(row)}
            </ul>
          )}
        </div>
      )}
    </section>
  ) : (
    <section aria-label={t("tasks.tasks")}>
      <ul aria-label={t(TASK_SORT_LABEL[sort])} className="flex flex-col gap-2">
        {visible.map(row)}
      </ul>
    </section>
  );

  return (
    <section aria-labelledby="tasks-heading" className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 id="tasks-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
            {t("tasks.heading")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">{t("tasks.subheading")}</p>
        </div>
        <div className="flex flex-col gap-2 min-[420px]:flex-row sm:shrink-0">
          <Select value={sort} onValueChange={(v) => setSort(v as TaskSort)}>
            <SelectTrigger aria-label={t("tasks.sort_tasks")} className="min-[420px]:w-52">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TASK_SORTS.map((s) => (
                <SelectItem key={s} value={s}>
                  {t(TASK_SORT_LABEL[s])}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <Button onClick={dialog.openCreate}>
            <PlusIcon aria-hidden="true" />
            {t("tasks.add_task")}
          </Button>
        </div>
      </div>

      <QuickAddField user={user} timeZone={timeZone} request={quickAddRequest} onRequestTaken={onQuickAddTaken} />

      <ul aria-label={t("tasks.statistics")} className="grid grid-cols-3 gap-2 sm:gap-4">
        <StatCard label={t("tasks.total_tasks")} value={counts?.pending} icon={<ListTodoIcon />} tone="text-primary bg-primary/10" />
        <StatCard
          label={t("tasks.filter_overdue")}
          value={counts?.overdue}
          icon={<AlertCircleIcon />}
          tone="text-destructive bg-destructive/10"
        />
        <StatCard
          label={t("tasks.filter_completed")}
          value={counts?.completed}
          icon={<CheckCircle2Icon />}
          tone="text-success bg-success/15"
        />
      </ul>

      <Tabs value={filter} onValueChange={(v) => setFilter(v as TaskFilter)}>
        <TabsList aria-label={t("tasks.filter_tasks")} className="grid h-auto w-full grid-cols-2 gap-1 min-[520px]:grid-cols-4">
          {TASK_FILTERS.map((f) => (
            <TabsTrigger key={f} value={f} className="h-9 px-2">
              {t(TASK_FILTER_LABEL[f])}
              {counts && <span className="rounded-full bg-muted-foreground/15 px-1.5 text-xs tabular-nums">{counts[f]}</span>}
            </TabsTrigger>
          ))}
        </TabsList>
        {TASK_FILTERS.map((f) => (
          <TabsContent key={f} value={f} className="mt-1">
            {f === filter && taskList}
          </TabsContent>
        ))}
      </Tabs>

      <OnDemandTaskFormDialog state={dialog.state} onClose={dialog.close} userId={user.id} userClasses={user.userClasses} today={today} />
    </section>
  );
}

/** `value` is undefined while the list is loading or could not be loaded: a dash, not a number. */
function StatCard({ label, value, icon, tone }: { label: string; value: number | undefined; icon: ReactNode; tone: string }) {
  const t = useT();
  return (
    <li>
      <Card className="flex h-full flex-col gap-2 p-3 sm:flex-row sm:items-center sm:gap-4 sm:p-5">
        <span
          className={cn("flex size-9 shrink-0 items-center justify-center rounded-lg sm:size-11 [&_svg]:size-5", tone)}
          aria-hidden="true"
        >
          {icon}
        </span>
        <div className="min-w-0">
          <p className="text-xs leading-tight text-muted-foreground sm:text-sm">{label}</p>
          <p className="text-xl font-bold tabular-nums sm:text-2xl">
            {value ?? (
              <>
                <span aria-hidden="true">–</span>
                <span className="sr-only">{t("tasks.not_available")}</span>
              </>
            )}
          </p>
        </div>
      </Card>
    </li>
  );
}
