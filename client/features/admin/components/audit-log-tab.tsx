import { useQueryClient } from "@tanstack/react-query";
import { ClipboardCopy, ScrollText, Trash } from "lucide-react";
import { auditActionLabel, type AuditAction } from "@core/admin";
import type { AuditLogEntry } from "@core/schemas/admin";
import { useState } from "react";
import { EmptyState } from "@/components/states/empty-state";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useLocale, useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useAuditLogs } from "../api/audit-logs";
import { LoadMore } from "./load-more";
import { actorText, auditLogAsText, detailsText, easternTime } from "../utils/audit-log-text";

/** Entries an admin should not miss scrolling by: shown in the destructive colour. */
const ALARMING_ACTIONS: ReadonlySet<string> = new Set<AuditAction>(["USER_DELETED", "ADMIN_UNLOCK_FAILED", "PUSH_NOT_DELIVERED"]);

/** Spec §2: the page reloads 3 s after the cache is cleared. */
const RELOAD_AFTER_CLEAR_MS = 3000;

/**
 * Empties what this browser keeps of the app: the answers held in memory and the Cache Storage
 * (the service worker's caches, once the installable app has them). Drafts and the theme stay.
 */
async function clearAppCache(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  queryClient.clear();
  if (typeof caches !== "undefined") {
    for (const key of await caches.keys()) await caches.delete(key);
  }
}

/** "Admin: …" for an admin acting as one, "By: …" for someone acting on their own account. */
function ActorLine({ entry }: { entry: AuditLogEntry }) {
  const { asAdmin, email } = actorText(entry);
  const t = useT();
  return (
    <div className="flex min-w-0 gap-1">
      <dt className="text-muted-foreground">{asAdmin ? t("admin.audit_admin") : t("admin.audit_by")}</dt>
      <dd className="break-all">{email ?? "—"}</dd>
    </div>
  );
}

/** The Audit Log (spec §2): newest first, times in US Eastern, copy and clear-cache buttons. */
export function AuditLogTab() {
  const logs = useAuditLogs();
  const queryClient = useQueryClient();
  const [clearing, setClearing] = useState(false);
  const entries = logs.data?.pages.flatMap((page) => page.items) ?? [];
  const t = useT();
  const locale = useLocale();

  async function copyLogs() {
    try {
      await navigator.clipboard.writeText(auditLogAsText(entries, t, locale));
      showToast({
        title: t("admin.logs_copied"),
        description: t("admin.logs_copied_text", { count: entries.length }),
        variant: "success",
      });
    } catch {
      showToast({ title: t("admin.copy_failed"), description: t("admin.clipboard_refused"), variant: "destructive" });
    }
  }

  async function clearCache() {
    setClearing(true);
    try {
      await clearAppCache(queryClient);
      showToast({ title: t("admin.cache_cleared"), description: t("admin.reloads_soon"), variant: "success" });
      setTimeout(() => window.location.reload(), RELOAD_AFTER_CLEAR_MS);
    } catch (error) {
      setClearing(false);
      showToast({
        title: t("admin.cache_clear_error"),
        description: error instanceof Error ? error.message : t("admin.cache_not_cleared"),
        variant: "destructive",
      });
    }
  }

  return (
    <section aria-labelledby="admin-audit-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="admin-audit-heading" className="text-lg font-semibold">
          {t("admin.tab_audit_log")}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={copyLogs} disabled={entries.length === 0}>
            <ClipboardCopy aria-hidden="true" />
            {t("admin.copy_logs")}
          </Button>
          <Button variant="outline" size="sm" onClick={clearCache} disabled={clearing}>
            <Trash aria-hidden="true" />
            {clearing ? t("admin.clearing") : t("admin.clear_cache")}
          </Button>
        </div>
      </div>
      {logs.isPending ? (
        <LoadingState label={t("admin.loading_audit")} />
      ) : logs.isError && entries.length === 0 ? (
        <ErrorState message={t("admin.audit_error")} onRetry={() => void logs.refetch()} retryLabel={t("admin.try_again")} size="sm" />
      ) : entries.length === 0 ? (
        <EmptyState icon={<ScrollText />} title={t("admin.no_audit")} />
      ) : (
        <>
          <ul aria-label={t("admin.audit_entries")} className="grid gap-2">
            {entries.map((entry) => (
              <li
                key={entry.id}
                className="grid gap-1 rounded-lg border bg-card p-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:gap-3"
              >
                <div>
                  <Badge variant={ALARMING_ACTIONS.has(entry.action) ? "destructive" : "secondary"}>
                    {auditActionLabel(entry.action, t)}
                  </Badge>
                </div>
                <dl className="grid min-w-0 gap-0.5">
                  <div className="flex min-w-0 gap-1">
                    <dt className="text-muted-foreground">{t("admin.audit_user")}</dt>
                    {/* Wrapped, never cut (WCAG 1.4.10 and 1.4.12, decision 123). */}
                    <dd className="break-all">{entry.targetUserEmail ?? "—"}</dd>
                  </div>
                  <ActorLine entry={entry} />
                  {detailsText(entry.details, t) && (
                    <div className="flex min-w-0 gap-1">
                      <dt className="text-muted-foreground">{t("admin.audit_details")}</dt>
                      <dd className="min-w-0 wrap-anywhere">{detailsText(entry.details, t)}</dd>
                    </div>
                  )}
                </dl>
                <time dateTime={entry.createdAt} className="text-muted-foreground sm:text-right">
                  {easternTime(entry.createdAt, locale)}
                </time>
              </li>
            ))}
          </ul>
          <LoadMore query={logs} label={t("admin.load_older")} loadingLabel={t("admin.loading_older")} />
        </>
      )}
    </section>
  );
}
