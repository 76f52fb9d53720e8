import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { errorMessage } from "@/lib/api/errors";
import { t } from "@/lib/i18n";
import { forgetSession } from "@/lib/api/session-expiry";
import { ACCOUNT_PATH } from "@core/api-paths";
import { apiJson, apiRequestIfSignedIn } from "@/lib/api/transport";
import { THEME_STORAGE_KEY } from "@/lib/theme";
import { showToast } from "@/lib/toast";

/**
 * Ends the session on the server. A 401 means the session had already ended (expired, or signed
 * out in another tab): the user wanted to be signed out and is, so that counts as success.
 */
export async function signOut(): Promise<void> {
  await apiRequestIfSignedIn("POST", "/api/logout");
}

/**
 * Deletes the device's IndexedDB databases: the query cache and the changes kept for the connection
 * (decision 116), at sign-in, registration and sign-out, so the next person on a shared computer
 * finds none of it (a change still waiting could not be sent without its student's session anyway).
 * A page that has a database open (the signed-in app) lets go of it when it unloads; the deletion
 * waits for that.
 */
export function forgetDeviceDatabases(): void {
  void globalThis.indexedDB
    ?.databases()
    .then((databases) => databases.forEach(({ name }) => name && indexedDB.deleteDatabase(name)))
    .catch(() => undefined);
}

/** Workbox names its precache "workbox-precache-v2-<scope>". */
const PRECACHE_PREFIX = "workbox-precache";

/** Spec §4: logout clears every cache and both storages, then hard-redirects to /. */
export async function clearClientState(queryClient: QueryClient): Promise<void> {
  forgetSession();
  forgetDeviceDatabases();
  // The app icon's count (decision 119) was the student's: the next person does not see it.
  void (navigator as { clearAppBadge?: () => Promise<void> }).clearAppBadge?.().catch(() => undefined);
  queryClient.clear();
  try {
    // The theme is the device's, not the account's (decision 075): it outlives the clear.
    const theme = localStorage.getItem(THEME_STORAGE_KEY);
    localStorage.clear();
    if (theme) localStorage.setItem(THEME_STORAGE_KEY, theme);
    sessionStorage.clear();
  } catch {
    // Storage can be unavailable (privacy modes); nothing to clear then.
  }
  try {
    // Every cache but the app's own code (the service worker's precache, decision 088): the
    // student's kept reads go, the installed app still opens offline.
    if ("caches" in window) {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => !name.startsWith(PRECACHE_PREFIX)).map((name) => caches.delete(name)));
    }
  } catch {
    // Cache Storage is best effort.
  }
}

/** Sign-out for every Sign Out button: the "Logout failed" toast when the server fails (docs/product.md#sign-out). */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onError: (error) => showToast({ title: t("auth.logout_failed"), description: errorMessage(error), variant: "destructive" }),
    onSuccess: async () => {
      await clearClientState(queryClient);
      window.location.href = "/";
      // Keep the mutation pending until the page unloads so the button keeps "Signing Out...".
      await new Promise(() => {});
    },
  });
}

/**
 * DELETE /api/user with the account's password, or with `null` for an account without one, whose
 * session a provider sign-in started less than 10 minutes ago (issue 35; the body is then `{}`): the
 * account and everything of it go, then, as after signing out, every cache and storage, and the
 * landing page. A wrong password, or a provider sign-in too old, is an error the dialog shows (the
 * transport does not treat this 401 as an ended session).
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string | null) => apiJson<null>("DELETE", ACCOUNT_PATH, password === null ? {} : { password }),
    onSuccess: async () => {
      await clearClientState(queryClient);
      window.location.href = "/";
      await new Promise(() => {});
    },
  });
}
