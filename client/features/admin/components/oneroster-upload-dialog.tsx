import { useState } from "react";
import type { MessageId, PlainMessageId } from "@core/i18n/translate";
import type { RosterChange, RosterCsvResult } from "@core/schemas/roster-runs";
import { Badge } from "@/components/ui/badge";
import { errorMessage } from "@/lib/api/errors";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useRosterCsvUpload } from "../api/roster-runs";
import { isAdminLocked } from "../utils/admin-errors";
import { FilePreviewDialog } from "./file-preview-dialog";

/** What a change does to a student, as its badge says it. */
const ACTIONS: Record<RosterChange["action"], { label: PlainMessageId; variant: "success" | "secondary" | "destructive" | "outline" }> = {
  created: { label: "admin.roster_change_created", variant: "success" },
  updated: { label: "admin.roster_change_updated", variant: "outline" },
  disabled: { label: "admin.roster_change_disabled", variant: "secondary" },
  refused: { label: "admin.roster_change_refused", variant: "destructive" },
};

/** Why a student is not written as the bundle has them, or keeps their own class list. */
export const ROSTER_REASONS: Readonly<Record<string, MessageId>> = {
  no_email: "admin.roster_refused_no_email",
  email_of_another_student: "admin.roster_refused_email_taken",
  email_of_staff: "admin.roster_refused_email_staff",
  not_made: "admin.roster_refused_not_made",
  classes_kept: "admin.roster_refused_classes_kept",
};

type Shown = { file: string; bundle: Blob; result: RosterCsvResult };

/**
 * Admin → App Settings → the roster → Upload OneRoster CSV (issue 55): choose the zip the student
 * information system exported, see student by student what it would change (nothing is written
 * yet), then apply it as one run: the student import's way of taking a file (FilePreviewDialog).
 */
export function OneRosterUploadDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const [shown, setShown] = useState<Shown | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useRosterCsvUpload();
  const importing = upload.isPending && upload.variables?.preview === false;

  function close() {
    setShown(null);
    setProblem(null);
    upload.reset();
    onOpenChange(false);
  }

  function onFile(file: File) {
    setProblem(null);
    setShown(null);
    upload.mutate(
      { bundle: file, preview: true },
      {
        onSuccess: (result) => setShown({ file: file.name, bundle: file, result }),
        onError: (error) => !isAdminLocked(error) && setProblem(errorMessage(error, t("admin.roster_upload_check_failed"))),
      },
    );
  }

  function apply() {
    if (!shown) return;
    setProblem(null);
    upload.mutate(
      { bundle: shown.bundle, preview: false },
      {
        onSuccess: (result) => {
          setShown({ ...shown, result });
          showToast({ title: t("admin.roster_upload_done"), variant: "success" });
        },
        onError: (error) => {
          if (isAdminLocked(error)) return;
          setProblem(errorMessage(error));
          showToast({ title: t("admin.roster_upload_failed"), description: errorMessage(error), variant: "destructive" });
        },
      },
    );
  }

  const result = shown?.result;
  const imported = result !== undefined && !result.preview;
  const changeCount = result ? result.created + result.updated + result.disabled : 0;

  return (
    <FilePreviewDialog
      open={open}
      onClose={close}
      title={t("admin.roster_upload_title")}
      description={t("admin.roster_upload_text")}
      picker={{
        accept: ".zip,application/zip",
        label: t("admin.roster_upload_file"),
        choose: t("admin.roster_upload_choose"),
        chooseOther: t("admin.roster_upload_choose_other"),
      }}
      fileName={shown?.file ?? null}
      onFile={onFile}
      checking={upload.isPending && !importing ? t("admin.roster_upload_checking") : null}
      problem={problem}
      done={imported}
      importing={importing}
      apply={
        result
          ? {
              label: t("admin.roster_upload_button", { count: changeCount }),
              applying: t("admin.roster_upload_applying"),
              disabled: changeCount === 0 || upload.isPending,
              onClick: apply,
            }
          : null
      }
    >
      {result && (
        <div className="grid gap-3">
          <p role="status" className="text-sm font-medium">
            {imported
              ? t("admin.roster_run_ok", { created: result.created, updated: result.updated, disabled: result.disabled })
              : t("admin.roster_upload_summary", { created: result.created, updated: result.updated, disabled: result.disabled })}
          </p>
          <p className="text-sm text-muted-foreground">
            {t(result.mode === "full" ? "admin.roster_mode_full" : "admin.roster_mode_delta")}
          </p>
          {result.changes.length > 0 && (
            <ul aria-label={t("admin.roster_upload_changes")} className="grid max-h-[45vh] gap-1.5 overflow-y-auto rounded-md border p-2">
              {result.changes.map((change) => (
                <ChangeItem key={`${change.action}-${change.sourcedId}`} change={change} />
              ))}
              {result.moreChanges > 0 && (
                <li className="px-2 py-1.5 text-sm text-muted-foreground">
                  {t("admin.roster_upload_more", { count: result.moreChanges })}
                </li>
              )}
            </ul>
          )}
          {!imported && changeCount === 0 && <p className="text-sm text-muted-foreground">{t("admin.roster_upload_nothing")}</p>}
        </div>
      )}
    </FilePreviewDialog>
  );
}

function ChangeItem({ change }: { change: RosterChange }) {
  const t = useT();
  const action = ACTIONS[change.action];
  const reason = change.reason ? ROSTER_REASONS[change.reason] : undefined;
  return (
    <li className="grid gap-0.5 rounded-md px-2 py-1.5 text-sm odd:bg-muted/40">
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <span className="min-w-0 font-medium break-words">{change.name || change.sourcedId}</span>
        <span className="min-w-0 truncate text-muted-foreground" title={change.email ?? undefined}>
          {change.email ?? "—"}
        </span>
        <Badge variant={action.variant} className="ml-auto">
          {t(action.label)}
        </Badge>
      </div>
      {reason && (
        <p className={change.action === "refused" ? "text-destructive" : "text-muted-foreground"}>{t(reason as PlainMessageId)}</p>
      )}
    </li>
  );
}
