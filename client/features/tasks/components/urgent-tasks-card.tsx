import { AlertTriangleIcon, CheckCircle2Icon, PlusIcon } from "lucide-react";
import { useId, useMemo } from "react";
import { homeTaskList } from "@core/tasks";
import { useTasks } from "@/api/tasks/get-tasks";
import { EmptyState } from "@/components/states/empty-state";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n";
import { dashboardTabHref } from "@/lib/routes";
import { useCreateRequest } from "@/hooks/use-create-request";
import { useTaskDialog } from "../hooks/use-task-dialog";
import { useToggleTask } from "../hooks/use-toggle-task";
import { OnDemandTaskFormDialog } from "./on-demand-task-form-dialog";
import { TaskItem } from "./task-item";
import type { TaskUser } from "../types/task-user";

type UrgentTasksCardProps = {
  user: TaskUser;
  /** The school's today (yyyy-MM-dd). */
  today: string;
  /** The app asks for the Add Task dialog (a shortcut, the floating add button); `onCreateOpened` says it opened. */
  createRequested?: boolean;
  onCreateOpened?: () => void;
};

/**
 * The Home tab's task card (docs/product.md#home-tab): "Urgent Tasks" when anything is due today,
 * tomorrow or earlier, otherwise "Your Tasks"; at most five, then "+N more tasks" to the Tasks tab.
 */
export function UrgentTasksCard({ user, today, createRequested, onCreateOpened }: UrgentTasksCardProps) {
  const { data: tasks, isPending, isError, refetch } = useTasks();
  const dialog = useTaskDialog(user.id, tasks);
  const { toggle } = useToggleTask();
  useCreateRequest(createRequested, dialog.openCreate, onCreateOpened);
  const list = useMemo(() => homeTaskList(tasks ?? [], today), [tasks, today]);
  const headingId = useId();
  const urgent = list.kind === "urgent";
  const t = useT();
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle id={headingId} className={cn("flex items-center gap-2", urgent && "text-destructive")}>
          {urgent ? (
            <AlertTriangleIcon className="size-5" aria-hidden="true" />
          ) : (
            <CheckCircle2Icon className="size-5 text-primary" aria-hidden="true" />
          )}
          {t(urgent ? "tasks.urgent_tasks" : "tasks.your_tasks")}
        </CardTitle>
        <Button size="sm" onClick={dialog.openCreate}>
          <PlusIcon aria-hidden="true" />
          {t("tasks.add_task")}
        </Button>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <LoadingState label={t("tasks.loading_tasks")} />
        ) : isError ? (
          <ErrorState message={t("tasks.load_failed")} onRetry={() => void refetch()} size="sm" />
        ) : list.shown.length === 0 ? (
          <EmptyState icon={<CheckCircle2Icon />} title={t("tasks.no_tasks")} text={t("tasks.all_caught_up")} />
        ) : (
          <>
            <ul aria-label={t(urgent ? "tasks.urgent_tasks_list" : "tasks.your_tasks_list")} className="flex flex-col gap-2">
              {list.shown.map((task) => (
                <TaskItem key={task.id} task={task} today={today} onToggle={toggle} onEdit={dialog.openEdit} compact />
              ))}
            </ul>
            {list.more > 0 && (
              <p className="mt-3 text-center text-sm">
                <a href={dashboardTabHref("todo")} className="font-medium text-primary underline-offset-4 hover:underline">
                  {t("tasks.more_tasks", { count: list.more })}
                </a>
              </p>
            )}
          </>
        )}
      </CardContent>
      <OnDemandTaskFormDialog state={dialog.state} onClose={dialog.close} userId={user.id} userClasses={user.userClasses} today={today} />
    </Card>
  );
}
