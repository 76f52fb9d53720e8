import { t } from "@/lib/i18n";
import { onDemand, useOnDemand } from "@/lib/on-demand";
import { showDownloadFailed } from "@/lib/toast";
import type { TaskFormDialogProps } from "./task-form-dialog";

const taskFormDialog = onDemand(() => import("./task-form-dialog"));

/**
 * The Add/Edit Task dialog, downloaded the first time one opens (docs/decisions/065): the Home
 * and Tasks tabs show without the form code (react-hook-form, zod, the selects). Once loaded it
 * stays mounted like before, so it animates closed and a busy save keeps it open. If the download
 * fails (offline), the dialog does not open and a toast says so; the next try downloads again.
 */
export function OnDemandTaskFormDialog(props: TaskFormDialogProps) {
  const { module } = useOnDemand(taskFormDialog, props.state !== null, () => {
    showDownloadFailed(t("tasks.the_task_form"));
    props.onClose();
  });
  return module ? <module.TaskFormDialog {...props} /> : null;
}
