import { i18n, type Messages } from "@lingui/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { messages as englishSync } from "@core/i18n/compiled/en/sync";
import { messages as spanishSync } from "@core/i18n/compiled/es/sync";
import { getUserQueryOptions } from "@/api/user/get-user";
import { askConflict, ConflictDialog } from "@/app/components/conflict-dialog";
import { SyncChip } from "@/app/components/sync-chip";
import { errorMessage } from "@/lib/api/errors";
import { t } from "@/lib/i18n";
import { startOfflineEdits } from "@/sync/offline-edits";
import { startAppBadge } from "@/features/app-badge/app-badge";
import { offlineStore } from "@/sync/offline-store";
import { queryClient } from "@/lib/query-client";
import { showToast } from "@/lib/toast";

/**
 * The offline edits in the app (decision 116). The dashboard imports this module when the browser
 * is idle after its first screen (decision 102), so neither its code nor IndexedDB's weighs on a
 * first screen; importing it starts them for whoever is signed in.
 *
 * Its words (the `sync` group) come with it in both languages, a few hundred bytes: loaded through
 * the catalog's table (lib/i18n.ts) they would cost the start-up chunk that table's entries.
 */
i18n.load("en", englishSync as Messages);
i18n.load("es", spanishSync as Messages);

let startedFor: number | undefined;

/**
 * Starts the offline edits for the signed-in student, once per page. The chip that counts the
 * changes waiting is a small React root of its own, above the app, in the page's flow; the
 * "Changed on another device" dialog is drawn from it.
 */
async function startFor(userId: number): Promise<void> {
  if (startedFor !== undefined) return;
  startedFor = userId;
  await startOfflineEdits(queryClient, {
    userId,
    storage: offlineStore(),
    onRefused: (error) => showToast({ title: t("sync.change_refused", { error: errorMessage(error) }), variant: "destructive" }),
    resolveConflict: askConflict,
  });
  const app = document.getElementById("root");
  if (!app) return;
  const host = document.createElement("div");
  app.before(host);
  createRoot(host).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SyncChip />
        <ConflictDialog />
      </QueryClientProvider>
    </StrictMode>,
  );
}

// Whoever is signed in when this loads (the dashboard only loads it for a signed-in student). A
// different student later in the same page cannot happen: sign-out leaves the page.
const user = queryClient.getQueryData(getUserQueryOptions().queryKey);
if (user) void startFor(user.id);

// The app icon's badge (decision 119) starts here too, for the same student: in a chunk of its own
// it would split the libraries' chunks Home's first screen downloads (measured: +0.7 KB).
if (user) startAppBadge(queryClient);
