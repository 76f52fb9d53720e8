import { Trash2Icon } from "lucide-react";
import { useState } from "react";
import type { Task } from "@core/schemas/task";
import type { useDeleteTask } from "@/api/tasks/delete-task";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { useWhenQueued } from "@/hooks/use-when-queued";
import { toastTaskError, toastTaskSuccess } from "../hooks/task-toasts";

type DeleteTaskButtonProps = {
  task: Task;
  /** The Edit Task dialog's delete mutation, so the dialog knows when a delete is on its way. */
  remove: ReturnType<typeof useDeleteTask>;
  onDeleted: () => void;
  disabled: boolean;
};

/** The Edit Task dialog's Delete button and its confirmation (docs/product.md#task-dialog). */
export function DeleteTaskButton({ task, remove, onDeleted, disabled }: DeleteTaskButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const t = useT();
  useWhenQueued(remove, () => {
    setConfirming(false);
    onDeleted();
  });
  return (
    <>
      <Button
        variant="outline"
        className="border-destructive/40 text-destructive hover:bg-destructive/10 hover:text-destructive"
        onClick={() => setConfirming(true)}
        disabled={disabled || remove.isPending}
      >
        <Trash2Icon aria-hidden="true" />
        {t("common.delete")}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("tasks.delete_task")}
        description={t("tasks.delete_confirm", { title: task.title })}
        confirmText={t("common.delete")}
        pendingText={t("common.deleting")}
        pending={remove.isPending}
        destructive
        onConfirm={() =>
          remove.mutate(
            { id: task.id },
            {
              onSuccess: () => {
                toastTaskSuccess("tasks.deleted");
                setConfirming(false);
                onDeleted();
              },
              onError: (error) => {
                setConfirming(false);
                toastTaskError(error, "tasks.delete_failed", { draftSaved: false });
              },
            },
          )
        }
      />
    </>
  );
}
