import { onDemand, useOnDemand } from "@/lib/on-demand";
import { showDownloadFailed } from "@/lib/toast";
import type { EventFormDialogProps } from "./event-form-dialog";

const eventFormDialog = onDemand(() => import("./event-form-dialog"));

/**
 * The Add/Edit Event dialog, downloaded the first time one opens (docs/decisions/065): the Home
 * tab's Today's Schedule and the Calendar tab show without the form code. Once loaded it stays
 * mounted like before. If the download fails (offline), the dialog does not open and a toast says
 * so; the next try downloads again.
 */
export function OnDemandEventFormDialog(props: EventFormDialogProps) {
  const { module } = useOnDemand(eventFormDialog, props.state !== null, () => {
    showDownloadFailed("The event form");
    props.onClose();
  });
  return module ? <module.EventFormDialog {...props} /> : null;
}
