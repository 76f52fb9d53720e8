import { onlineManager, useIsMutating } from "@tanstack/react-query";
import { CloudAlert, CloudOff, CloudCheck } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useT } from "@/lib/i18n";
import { isOfflineEdit } from "@/sync/edits";
import { useConflictsWaiting } from "./conflict-dialog";

/** How long "All changes saved" stays once the last waiting change has been sent. */
export const ALL_SAVED_MS = 4000;

const subscribeOnline = (onChange: () => void) => onlineManager.subscribe(onChange);
const isOnline = () => onlineManager.isOnline();

/**
 * "Offline · 3 changes waiting" while task and event changes wait for the server, then "All
 * changes saved" for a moment once they have all been sent (docs/product.md#offline-edits). A status
 * region that is there from the start, so a screen reader hears it change.
 */
export function SyncChip() {
  const t = useT();
  const waiting = useIsMutating({ predicate: isOfflineEdit });
  const online = useSyncExternalStore(subscribeOnline, isOnline, isOnline);
  const offlineWaiting = waiting > 0 && !online;
  // A change met one made on another device and waits for the student's choice (issue 49: the chip
  // said "All changes saved" meanwhile).
  const conflicts = useConflictsWaiting();
  // Adjusted while rendering (not in an effect): once changes have waited offline, the moment the
  // last one is sent says "All changes saved".
  const [hadWaiting, setHadWaiting] = useState(false);
  const [saved, setSaved] = useState(false);
  if (offlineWaiting && !hadWaiting) setHadWaiting(true);
  if (offlineWaiting && saved) setSaved(false);
  if (hadWaiting && waiting === 0) {
    setHadWaiting(false);
    setSaved(true);
  }
  useEffect(() => {
    if (!saved) return undefined;
    const timer = setTimeout(() => setSaved(false), ALL_SAVED_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  return (
    <div role="status" aria-label={t("sync.status")} className="flex justify-center">
      {(offlineWaiting || saved || conflicts > 0) && (
        <span className="mx-4 mt-2 inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm font-medium text-card-foreground shadow-sm">
          {conflicts > 0 ? (
            <CloudAlert className="size-4 shrink-0" aria-hidden="true" />
          ) : offlineWaiting ? (
            <CloudOff className="size-4 shrink-0" aria-hidden="true" />
          ) : (
            <CloudCheck className="size-4 shrink-0 text-success" aria-hidden="true" />
          )}
          {conflicts > 0
            ? t("sync.needs_choice", { count: conflicts })
            : offlineWaiting
              ? t("sync.offline_waiting", { count: waiting })
              : t("sync.all_saved")}
        </span>
      )}
    </div>
  );
}
