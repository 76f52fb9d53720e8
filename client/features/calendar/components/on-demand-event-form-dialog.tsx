import { onDemand, useOnDemand } from "@/lib/on-demand";
import { t, withWords } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import type { EventFormDialogProps } from "./event-form-dialog";

const eventFormDialog = onDemand(() => withWords(import("./event-form-dialog"), "calendar"));

/**
 * The Add/Edit Event dialog, downloaded the first time one opens (docs/decisions/065): the Home
 * tab's Today's Schedule and the Calendar tab show without the form code. Once loaded it stays
 * mounted like before. If the download fails (offline), the dialog does not open and a toast says
 * so; the next try downloads again.
 */
export function OnDemandEventFormDialog(props: EventFormDialogProps) {
  const { module } = useOnDemand(eventFormDialog, props.state !== null, () => {
    showToast({ title: t("calendar.toast_error"), description: t("calendar.form_download_failed"), variant: "destructive" });
    props.onClose();
  });
  return module ? <module.EventFormDialog {...props} /> : null;
}
