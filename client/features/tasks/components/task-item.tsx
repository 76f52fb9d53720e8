import { AlertCircleIcon, CalendarIcon, PencilIcon } from "lucide-react";
import type { Task } from "@core/schemas/task";
import { formatRelativeDue, isOverdue, PRIORITY_BADGE } from "@core/tasks";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/lib/cn";
import { useLocale, useT } from "@/lib/i18n";

const PRIORITY_CLASS: Record<Task["priority"], string> = {
  high: "border-transparent bg-destructive/10 text-destructive",
  medium: "border-transparent bg-warning/15 text-warning",
  low: "border-transparent bg-success/15 text-success",
};

type TaskItemProps = {
  task: Task;
  today: string;
  onToggle: (task: Task, completed: boolean) => void;
  onEdit: (task: Task) => void;
  /** The Home tab's shorter row: no description. */
  compact?: boolean;
};

/** One task row: completion checkbox, title, subject, due date and time, priority, overdue mark. */
export function TaskItem({ task, today, onToggle, onEdit, compact = false }: TaskItemProps) {
  // Relative to the school's today, and no time when none was set (decision 069).
  const t = useT();
  const locale = useLocale();
  const due = formatRelativeDue(task, today, t, locale);
  const overdue = isOverdue(task, today);
  const titleId = `task-${task.id}-title`;
  return (
    <li
      aria-labelledby={titleId}
      className={cn(
        "flex items-start gap-3 rounded-lg border bg-card px-3 py-2.5 sm:px-4 sm:py-3",
        overdue && "border-destructive/40 bg-destructive/5",
        // Completed rows are set apart by a muted background and the struck-through title, not by
        // opacity, which would take their text below the WCAG AA contrast ratio.
        task.completed && "bg-muted/60",
      )}
    >
      <Checkbox
        className="mt-0.5"
        checked={task.completed}
        onCheckedChange={(checked) => onToggle(task, checked === true)}
        aria-label={t("tasks.mark_named_completed", { title: task.title })}
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-start gap-2">
          <p id={titleId} className={cn("min-w-0 flex-1 font-medium break-words", task.completed && "text-muted-foreground line-through")}>
            {task.title}
          </p>
          <Button
            variant="ghost"
            size="icon-sm"
            className="-mt-1 -mr-1"
            onClick={() => onEdit(task)}
            aria-label={t("tasks.edit_named", { title: task.title })}
          >
            <PencilIcon aria-hidden="true" />
          </Button>
        </div>
        {!compact && task.description && <p className="line-clamp-1 text-sm break-words text-muted-foreground">{task.description}</p>}
        {/* One line of subject, date and priority: a phone shows twice the rows it did (issue 14). */}
        <div className="mt-1 flex flex-wrap items-center gap-x-2.5 gap-y-1 text-xs text-muted-foreground">
          {task.subject && (
            <Badge variant="secondary" className="max-w-[45%] truncate">
              {task.subject}
            </Badge>
          )}
          {due && (
            <span className={cn("inline-flex items-center gap-1", overdue && "font-medium text-destructive")}>
              <CalendarIcon className="size-3.5" aria-hidden="true" />
              <span>
                <span className="sr-only">{t("tasks.due")} </span>
                {due}
              </span>
            </span>
          )}
          <Badge className={PRIORITY_CLASS[task.priority]}>{t(PRIORITY_BADGE[task.priority])}</Badge>
          {overdue && (
            <Badge variant="destructive">
              <AlertCircleIcon aria-hidden="true" />
              {t("tasks.overdue_badge")}
            </Badge>
          )}
          {task.completed && <Badge variant="success">{t("tasks.completed_badge")}</Badge>}
        </div>
      </div>
    </li>
  );
}
