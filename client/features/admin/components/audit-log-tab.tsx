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
  const { label, email } = actorText(entry);
  return (
    <div className="flex min-w-0 gap-1">
      <dt className="text-muted-foreground">{label}:</dt>
      <dd className="truncate">{email ?? "—"}</dd>
    </div>
  );
}

/** The Audit Log (spec §2): newest first, times in US Eastern, copy and clear-cache buttons. */
export function AuditLogTab() {
  const logs = useAuditLogs();
  const queryClient = useQueryClient();
  const [clearing, setClearing] = useState(false);
  const entries = logs.data?.pages.flatMap((page) => page.items) ?? [];

  async function copyLogs() {
    try {
      await navigator.clipboard.writeText(auditLogAsText(entries));
      showToast({
        title: "Logs Copied",
        description: `${entries.length} ${entries.length === 1 ? "entry" : "entries"} copied to the clipboard.`,
        variant: "success",
      });
    } catch {
      showToast({ title: "Copy Failed", description: "The browser did not allow copying to the clipboard.", variant: "destructive" });
    }
  }

  async function clearCache() {
    setClearing(true);
    try {
      await clearAppCache(queryClient);
      showToast({ title: "Cache Cleared", description: "The page reloads in 3 seconds.", variant: "success" });
      setTimeout(() => window.location.reload(), RELOAD_AFTER_CLEAR_MS);
    } catch (error) {
      setClearing(false);
      showToast({
        title: "Cache Clear Error",
        description: error instanceof Error ? error.message : "The cache could not be cleared.",
        variant: "destructive",
      });
    }
  }

  return (
    <section aria-labelledby="admin-audit-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="admin-audit-heading" className="text-lg font-semibold">
          Audit Log
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={copyLogs} disabled={entries.length === 0}>
            <ClipboardCopy aria-hidden="true" />
            Copy Logs
          </Button>
          <Button variant="outline" size="sm" onClick={clearCache} disabled={clearing}>
            <Trash aria-hidden="true" />
            {clearing ? "Clearing..." : "Clear App Cache"}
          </Button>
        </div>
      </div>
      {logs.isPending ? (
        <LoadingState label="Loading audit logs" />
      ) : logs.isError && entries.length === 0 ? (
        <ErrorState message="Failed to load audit logs" onRetry={() => void logs.refetch()} size="sm" />
      ) : entries.length === 0 ? (
        <EmptyState icon={<ScrollText />} title="No audit logs found" />
      ) : (
        <>
          <ul aria-label="Audit log entries" className="grid gap-2">
            {entries.map((entry) => (
              <li
                key={entry.id}
                className="grid gap-1 rounded-lg border bg-card p-3 text-sm sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:gap-3"
              >
                <div>
                  <Badge variant={ALARMING_ACTIONS.has(entry.action) ? "destructive" : "secondary"}>{auditActionLabel(entry.action)}</Badge>
                </div>
                <dl className="grid min-w-0 gap-0.5">
                  <div className="flex min-w-0 gap-1">
                    <dt className="text-muted-foreground">User:</dt>
                    <dd className="truncate">{entry.targetUserEmail ?? "—"}</dd>
                  </div>
                  <ActorLine entry={entry} />
                  {detailsText(entry.details) && (
                    <div className="flex min-w-0 gap-1">
                      <dt className="text-muted-foreground">Details:</dt>
                      <dd className="break-words">{detailsText(entry.details)}</dd>
                    </div>
                  )}
                </dl>
                <time dateTime={entry.createdAt} className="text-muted-foreground sm:text-right">
                  {easternTime(entry.createdAt)}
                </time>
              </li>
            ))}
          </ul>
          <LoadMore query={logs} label="Load older entries" loadingLabel="Loading older entries..." />
        </>
      )}
    </section>
  );
}
