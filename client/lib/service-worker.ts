import { SERVICE_WORKER_URL, SKIP_WAITING } from "@core/service-worker";
import { showToast } from "@/lib/toast";
import { t } from "@/lib/i18n";

/**
 * Registers the app's service worker (client/sw/sw.ts, decision 088). A new version installs in
 * the background and takes over at the next launch; meanwhile a toast offers "Reload to update".
 * Nothing reloads by itself, so a half-typed form is never lost to an update.
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator)) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    // Only after the student chose to update (a first install's claim has nothing to reload for).
    if (!reloading) return;
    window.location.reload();
  });

  const offerUpdate = (waiting: ServiceWorker) =>
    showToast({
      id: "update-ready",
      title: t("common.update_available"),
      description: t("common.update_ready"),
      duration: Infinity,
      action: {
        label: t("common.reload_to_update"),
        onClick: () => {
          reloading = true;
          waiting.postMessage(SKIP_WAITING);
        },
      },
    });

  navigator.serviceWorker.register(SERVICE_WORKER_URL).then(
    (registration: ServiceWorkerRegistration | undefined) => {
      // Blocked workers (a privacy setting, the browser test harness) answer with no registration.
      if (!registration) return;
      // An update that arrived at an earlier launch is still waiting.
      if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
      registration.addEventListener("updatefound", () => {
        const installing = registration.installing;
        installing?.addEventListener("statechange", () => {
          if (installing.state === "installed" && navigator.serviceWorker.controller) offerUpdate(installing);
        });
      });
    },
    (error: unknown) => console.warn("The service worker could not be registered; the app works without it.", error),
  );
}
