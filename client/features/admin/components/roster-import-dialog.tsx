import { Download } from "lucide-react";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api/errors";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { toCsv } from "@core/csv";
import type { PlainMessageId } from "@core/i18n/translate";
import { ROSTER_MAX_BYTES, ROSTER_MAX_ROWS, type RosterImportResult, type RosterRow } from "@core/schemas/admin";
import { useRosterImport } from "../api/roster-import";
import { isAdminLocked } from "../utils/admin-errors";
import { FilePreviewDialog } from "./file-preview-dialog";

/** The file of temporary passwords the admin downloads (email,temporaryPassword). */
export const TEMPORARY_PASSWORDS_FILE = "temporary-passwords.csv";

type RosterImportDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/** What the dialog shows: the file's preview, then the import's result. */
type Shown = { file: string; csv: string; result: RosterImportResult; imported: boolean };

const STATUS: Record<
  RosterRow["status"] | "created",
  { label: PlainMessageId; variant: "success" | "secondary" | "destructive" | "outline" }
> = {
  ok: { label: "admin.import_status_ok", variant: "outline" },
  created: { label: "admin.import_status_created", variant: "success" },
  exists: { label: "admin.import_status_exists", variant: "secondary" },
  error: { label: "admin.import_status_error", variant: "destructive" },
};

/** Reads the chosen file as UTF-8 text, refusing a file too big or not UTF-8 before it is sent. */
async function readCsv(file: File, t: ReturnType<typeof useT>): Promise<string> {
  if (file.size > ROSTER_MAX_BYTES) throw new Error(t("admin.import_too_large", { max: ROSTER_MAX_BYTES / (1024 * 1024) }));
  try {
    // fatal: a file saved in another encoding (Windows-1252) would otherwise come through with its accents replaced.
    return new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new Error(t("admin.import_not_utf8"));
  }
}

/** Saves the created accounts' temporary passwords as a CSV file, in the browser only. */
function downloadPasswords(rows: readonly RosterRow[]) {
  const lines = rows.filter((row) => row.temporaryPassword).map((row) => [row.email, row.temporaryPassword!]);
  const blob = new Blob([toCsv([["email", "temporaryPassword"], ...lines])], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = TEMPORARY_PASSWORDS_FILE;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Admin → User Management → Import Students (issue 35): choose a CSV file, see every line with
 * its problems (nothing is created yet), import the valid ones, then, without single sign-on,
 * download the temporary passwords: offered only while the dialog stays open, as the server keeps
 * none. The dialog cannot be closed while an import runs, so its answer is never lost.
 */
export function RosterImportDialog({ open, onOpenChange }: RosterImportDialogProps) {
  const t = useT();
  const [shown, setShown] = useState<Shown | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const request = useRosterImport();
  const busy = reading || request.isPending;
  const importing = request.isPending && request.variables?.dryRun === false;

  function close() {
    setShown(null);
    setProblem(null);
    request.reset();
    onOpenChange(false);
  }

  async function onFile(file: File) {
    setProblem(null);
    setShown(null);
    setReading(true);
    let csv: string;
    try {
      csv = await readCsv(file, t);
    } catch (error) {
      setProblem(errorMessage(error));
      return;
    } finally {
      setReading(false);
    }
    request.mutate(
      { csv, dryRun: true },
      {
        onSuccess: (result) => setShown({ file: file.name, csv, result, imported: false }),
        onError: (error) => !isAdminLocked(error) && setProblem(errorMessage(error, t("admin.import_check_failed"))),
      },
    );
  }

  function runImport() {
    if (!shown) return;
    setProblem(null);
    request.mutate(
      { csv: shown.csv, dryRun: false },
      {
        onSuccess: (result) => setShown({ ...shown, result, imported: true }),
        onError: (error) => {
          if (isAdminLocked(error)) return;
          setProblem(errorMessage(error));
          showToast({ title: t("admin.import_failed"), description: errorMessage(error), variant: "destructive" });
        },
      },
    );
  }

  const rows = shown?.result.rows ?? [];
  const counts = {
    create: rows.filter((row) => row.status === "ok").length,
    exist: rows.filter((row) => row.status === "exists").length,
    problems: rows.filter((row) => row.status === "error").length,
  };
  const passwords = shown?.imported ? rows.filter((row) => row.temporaryPassword).length : 0;

  return (
    <FilePreviewDialog
      open={open}
      onClose={close}
      title={t("admin.import_students")}
      description={t("admin.import_text", { max: ROSTER_MAX_ROWS.toLocaleString() })}
      picker={{
        accept: ".csv,text/csv",
        label: t("admin.import_file"),
        choose: t("admin.import_choose_file"),
        chooseOther: t("admin.import_choose_other"),
      }}
      fileName={shown?.file ?? null}
      onFile={(file) => void onFile(file)}
      checking={busy && !importing ? t("admin.import_checking") : null}
      problem={problem}
      done={shown?.imported ?? false}
      importing={importing}
      apply={
        shown
          ? {
              label: t("admin.import_button", { count: counts.create }),
              applying: t("admin.importing"),
              disabled: counts.create === 0 || busy,
              onClick: runImport,
            }
          : null
      }
    >
      {shown && (
        <div className="grid gap-3">
          <p role="status" className="text-sm font-medium">
            {shown.imported ? t("admin.import_done", { count: shown.result.created }) : t("admin.import_counts", counts)}
          </p>
          {shown.imported && passwords > 0 && (
            <div className="grid gap-2 rounded-md border border-warning/40 bg-warning/10 p-3">
              <p className="text-sm">{t("admin.import_passwords_note")}</p>
              <Button
                className="justify-self-start"
                onClick={() => {
                  downloadPasswords(rows);
                  showToast({
                    title: t("admin.import_download_passwords"),
                    description: t("admin.import_downloaded"),
                    variant: "success",
                  });
                }}
              >
                <Download aria-hidden="true" /> {t("admin.import_download_passwords")}
              </Button>
            </div>
          )}
          {shown.imported && shown.result.created > 0 && passwords === 0 && <p className="text-sm">{t("admin.import_sso_note")}</p>}
          <ul aria-label={t("admin.import_lines")} className="grid max-h-[45vh] gap-1.5 overflow-y-auto rounded-md border p-2">
            {rows.map((row) => {
              const status = STATUS[shown.imported && row.status === "ok" ? "created" : row.status];
              const problems = Object.values(row.errors ?? {}).flat();
              return (
                <li key={row.line} className="grid gap-0.5 rounded-md px-2 py-1.5 text-sm odd:bg-muted/40">
                  <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                    <span className="shrink-0 text-muted-foreground tabular-nums">{t("admin.import_line", { line: row.line })}</span>
                    <span className="min-w-0 truncate font-medium" title={row.email}>
                      {row.email || "—"}
                    </span>
                    <Badge variant={status.variant} className="ml-auto">
                      {t(status.label)}
                    </Badge>
                  </div>
                  {problems.length > 0 && (
                    <ul className="list-inside list-disc text-destructive">
                      {problems.map((message) => (
                        <li key={message}>{message}</li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
          {!shown.imported && counts.create === 0 && <p className="text-sm text-muted-foreground">{t("admin.import_nothing")}</p>}
        </div>
      )}
    </FilePreviewDialog>
  );
}
