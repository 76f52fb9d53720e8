import { useId, useState } from "react";
import { cohortConfirmation } from "@core/schemas/retention";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { serverMessage } from "@/lib/api/errors";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useDeleteCohort } from "../api/retention";
import { isAdminLocked } from "../utils/admin-errors";

/**
 * Deleting the selected accounts at once (a graduating class; issue 55): the number typed as the
 * server asks it, `DELETE <n> ACCOUNTS`, in those words in every language (the server checks them),
 * then one request that deletes all or none.
 */
export function CohortDeleteDialog({
  userIds,
  open,
  onClose,
  onDeleted,
}: {
  userIds: number[];
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const t = useT();
  const inputId = useId();
  const [typed, setTyped] = useState("");
  const remove = useDeleteCohort();
  const phrase = cohortConfirmation(userIds.length);
  const close = () => {
    if (remove.isPending) return;
    setTyped("");
    onClose();
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="max-w-sm">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (typed.trim() !== phrase) return;
            remove.mutate(
              { userIds, confirmation: typed.trim() },
              {
                onSuccess: ({ deleted }) => {
                  showToast({ title: t("admin.cohort_done", { count: deleted }), variant: "success" });
                  setTyped("");
                  onDeleted();
                },
                onError: (error) => {
                  if (isAdminLocked(error)) return;
                  showToast({
                    title: t("admin.cohort_failed"),
                    description: serverMessage(error) ?? t("admin.something_went_wrong"),
                    variant: "destructive",
                  });
                },
              },
            );
          }}
        >
          <DialogHeader>
            <DialogTitle>{t("admin.cohort_title", { count: userIds.length })}</DialogTitle>
            <DialogDescription>{t("admin.cohort_text")}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={inputId}>{t("admin.cohort_type", { phrase })}</Label>
            <Input id={inputId} value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" spellCheck={false} />
          </div>
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={close} disabled={remove.isPending}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" variant="destructive" disabled={typed.trim() !== phrase || remove.isPending}>
              {remove.isPending ? t("common.deleting") : t("admin.delete_selected", { count: userIds.length })}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
