import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { PUSH_STATE_QUERY_KEY } from "@/api/push/push-state";
import { errorMessage } from "@/lib/api/errors";
import { notificationPermission, pushSupport } from "@/lib/push-support";
import { showToast } from "@/lib/toast";
import { pushDevice } from "./push-device-part";

/** The notifications card's states (docs/product.md#notifications-card). */
export type PushCardState = "loading" | "enabled" | "not-enabled" | "ios-not-installed" | "unsupported";

/** The spec's toasts (§4 "Push notifications"), titles word for word. */
export const PUSH_TOASTS = {
  blocked: {
    title: "Notifications Blocked",
    description: "Notifications are blocked for Student Hub in this browser. Allow them in the site settings, then try again.",
  },
  install: { title: "Install to Home Screen", description: "Install app to Home Screen to enable notifications on iOS" },
  notGranted: {
    title: "Permission Not Granted",
    description: "Notifications were not turned on. Press Enable Notifications to try again.",
  },
  enabled: { title: "Notifications Enabled", description: "You'll get Student Hub notifications on this device." },
  disabled: { title: "Notifications Disabled", description: "You won't get Student Hub notifications on this device." },
  enableFailed: "Failed to enable notifications",
  disableFailed: "Failed to disable notifications",
  unsupported: "Notifications are not available in this browser.",
} as const;

function initialState(): PushCardState {
  const support = pushSupport();
  if (support !== "supported") return support;
  // Without the permission there is no subscription to look for: no waiting for the worker.
  return notificationPermission() === "granted" ? "loading" : "not-enabled";
}

/**
 * This device's push state and the card's two actions. The permission is asked only from the
 * button, first thing in the tap (iOS allows it nowhere else), never on load.
 */
export function usePushDevice() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<PushCardState>(initialState);
  // Whether the card starts by looking for this browser's subscription (once, at mount).
  const [looksForSubscription] = useState(() => initialState() === "loading");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!looksForSubscription) return;
    let current = true;
    pushDevice
      .load()
      .then((device) => device.currentSubscription())
      .then(
        (subscription) => current && setState(subscription ? "enabled" : "not-enabled"),
        () => current && setState("not-enabled"),
      );
    return () => {
      current = false;
    };
  }, [looksForSubscription]);

  const refreshServerView = useCallback(() => void queryClient.invalidateQueries({ queryKey: PUSH_STATE_QUERY_KEY }), [queryClient]);

  const enable = useCallback(() => {
    const support = pushSupport();
    if (support === "ios-not-installed") return showToast({ ...PUSH_TOASTS.install, variant: "destructive" });
    if (support === "unsupported") {
      return showToast({ title: PUSH_TOASTS.enableFailed, description: PUSH_TOASTS.unsupported, variant: "destructive" });
    }
    if (Notification.permission === "denied") return showToast({ ...PUSH_TOASTS.blocked, variant: "destructive" });
    // Asked before anything is awaited: the tap's user activation must still hold.
    const asked = Notification.requestPermission();
    // The subscription code downloads while the browser asks (a failure is reported where it is
    // awaited, and unused when the permission is refused).
    const device = pushDevice.load();
    device.catch(() => {});
    setBusy(true);
    asked
      .then(async (permission) => {
        if (permission === "denied") return showToast({ ...PUSH_TOASTS.blocked, variant: "destructive" });
        if (permission !== "granted") return showToast({ ...PUSH_TOASTS.notGranted, variant: "destructive" });
        await (await device).subscribeDevice();
        setState("enabled");
        showToast({ ...PUSH_TOASTS.enabled, variant: "success" });
      })
      .catch((error: unknown) => showToast({ title: PUSH_TOASTS.enableFailed, description: errorMessage(error), variant: "destructive" }))
      .finally(() => {
        setBusy(false);
        refreshServerView();
      });
  }, [refreshServerView]);

  const disable = useCallback(() => {
    setBusy(true);
    pushDevice
      .load()
      .then((device) => device.unsubscribeDevice())
      .then(() => {
        setState("not-enabled");
        showToast({ ...PUSH_TOASTS.disabled, variant: "success" });
      })
      .catch((error: unknown) => showToast({ title: PUSH_TOASTS.disableFailed, description: errorMessage(error), variant: "destructive" }))
      .finally(() => {
        setBusy(false);
        refreshServerView();
      });
  }, [refreshServerView]);

  return { state, busy, enable, disable };
}
