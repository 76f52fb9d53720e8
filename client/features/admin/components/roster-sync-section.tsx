import { FileUp, RefreshCw } from "lucide-react";
import { useState } from "react";
import { formatShortDate, formatTime12 } from "@core/format";
import { clockTimeIn, todayIn } from "@core/dates";
import type { MessageId } from "@core/i18n/translate";
import type { RosterRun } from "@core/schemas/roster-runs";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { Button } from "@/components/ui/button";
import { serverMessage } from "@/lib/api/errors";
import { useLocale, useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useRequestRosterSync, useRosterRuns } from "../api/roster-runs";
import { isAdminLocked } from "../utils/admin-errors";
import { OneRosterUploadDialog, ROSTER_REASONS } from "./oneroster-upload-dialog";

/** The run's failure, worded (the server names its kind: decision 138). */
const FAILURES: Readonly<Record<string, MessageId>> = {
  token_refused: "admin.roster_failed_token_refused",
  redirected: "admin.roster_failed_redirected",
  refused: "admin.roster_failed_refused",
  unavailable: "admin.roster_failed_unavailable",
  timed_out: "admin.roster_failed_timed_out",
  too_large: "admin.roster_failed_too_large",
  not_json: "admin.roster_failed_bad_data",
  bad_record: "admin.roster_failed_bad_data",
  too_many: "admin.roster_failed_too_large",
};

const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * The roster from the student information system (issue 55, decision 138): each OneRoster sync's
 * report (when, what it made, changed and disabled, and which students it left and why), newest
 * first, and a sync now. The connection itself is the server's (ONEROSTER_*).
 */
export function RosterSyncSection() {
  const t = useT();
  const runs = useRosterRuns();
  const request = useRequestRosterSync();
  const [uploading, setUploading] = useState(false);
  return (
    <section aria-labelledby="admin-roster-sync-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="admin-roster-sync-heading" className="text-lg font-semibold">
          {t("admin.roster_title")}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => setUploading(true)}>
            <FileUp aria-hidden="true" /> {t("admin.roster_upload")}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={request.isPending}
            onClick={() =>
              request.mutate(undefined, {
                onSuccess: () => showToast({ title: t("admin.roster_requested"), variant: "success" }),
                onError: (error) => {
                  if (isAdminLocked(error)) return;
                  showToast({
                    title: t("admin.roster_request_failed"),
                    description: serverMessage(error) ?? t("admin.something_went_wrong"),
                    variant: "destructive",
                  });
                },
              })
            }
          >
            <RefreshCw aria-hidden="true" /> {t("admin.roster_sync_now")}
          </Button>
        </div>
      </div>
      <OneRosterUploadDialog open={uploading} onOpenChange={setUploading} />
      <p className="max-w-xl text-sm text-muted-foreground">{t("admin.roster_description")}</p>
      {runs.isPending ? (
        <LoadingState label={t("admin.roster_loading")} />
      ) : runs.isError ? (
        <ErrorState
          message={t("admin.roster_load_failed")}
          onRetry={() => void runs.refetch()}
          retryLabel={t("admin.try_again")}
          size="sm"
        />
      ) : runs.data.length === 0 ? (
        <p className="text-sm">{t("admin.roster_none")}</p>
      ) : (
        <ul aria-label={t("admin.roster_runs")} className="grid max-w-xl gap-2">
          {runs.data.slice(0, 10).map((run) => (
            <RunItem key={run.id} run={run} />
          ))}
        </ul>
      )}
    </section>
  );
}

function RunItem({ run }: { run: RosterRun }) {
  const t = useT();
  const locale = useLocale();
  const at = new Date(run.startedAt);
  const when = t("admin.roster_when", {
    date: formatShortDate(todayIn(zone(), at), locale),
    time: formatTime12(clockTimeIn(zone(), at), locale),
  });
  return (
    <li className="grid gap-1 rounded-md border p-3 text-sm">
      <p className="font-medium">{when}</p>
      <p className="text-muted-foreground">
        {t(run.source === "csv" ? "admin.roster_source_csv" : "admin.roster_source_oneroster")} ·{" "}
        {t(run.mode === "full" ? "admin.roster_mode_full" : "admin.roster_mode_delta")}
      </p>
      {run.status === "ok" ? (
        <p>{t("admin.roster_run_ok", { created: run.created, updated: run.updated, disabled: run.disabled })}</p>
      ) : (
        <p className="text-destructive">
          {t((FAILURES[run.reason ?? ""] ?? "admin.roster_failed_unavailable") as "admin.roster_failed_unavailable")}
        </p>
      )}
      {run.refused.length > 0 && (
        <details>
          <summary className="cursor-pointer">{t("admin.roster_refused", { count: run.refused.length })}</summary>
          <ul className="mt-1 grid gap-0.5">
            {run.refused.slice(0, 50).map((row) => (
              <li key={row.sourcedId} className="break-all">
                {row.sourcedId}: {t((ROSTER_REASONS[row.reason] ?? "admin.roster_refused_not_made") as "admin.roster_refused_not_made")}
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
