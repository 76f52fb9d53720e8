import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { PUSH_STATE_QUERY_KEY } from "@/api/push/push-state";
import { errorMessage } from "@/lib/api/errors";
import { notificationPermission, pushSupport } from "@/lib/push-support";
import { t } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import type { MessageId } from "@core/i18n/translate";
import { pushDevice } from "./push-device-part";

/** The notifications card's states (docs/product.md#notifications-card). */
export type PushCardState = "loading" | "enabled" | "not-enabled" | "ios-not-installed" | "unsupported";

/** The spec's toasts (§4 "Push notifications"), titles word for word in English; worded when shown. */
const PUSH_TOASTS = {
  blocked: { title: "settings.push_blocked", description: "settings.push_blocked_text" },
  install: { title: "settings.push_install", description: "settings.push_install_text" },
  notGranted: { title: "settings.push_not_granted", description: "settings.push_not_granted_text" },
  enabled: { title: "settings.push_enabled", description: "settings.push_enabled_text" },
  disabled: { title: "settings.push_disabled", description: "settings.push_disabled_text" },
} as const satisfies Record<string, { title: MessageId; description: MessageId }>;

/** One of the toasts above, in the app's language. */
function pushToast(which: keyof typeof PUSH_TOASTS, variant: "success" | "destructive") {
  showToast({ title: t(PUSH_TOASTS[which].title), description: t(PUSH_TOASTS[which].description), variant });
}

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
    if (support === "ios-not-installed") return pushToast("install", "destructive");
    if (support === "unsupported") {
      return showToast({ title: t("settings.push_enable_failed"), description: t("settings.push_unsupported"), variant: "destructive" });
    }
    if (Notification.permission === "denied") return pushToast("blocked", "destructive");
    // Asked before anything is awaited: the tap's user activation must still hold.
    const asked = Notification.requestPermission();
    // The subscription code downloads while the browser asks (a failure is reported where it is
    // awaited, and unused when the permission is refused).
    const device = pushDevice.load();
    device.catch(() => {});
    setBusy(true);
    asked
      .then(async (permission) => {
        if (permission === "denied") return pushToast("blocked", "destructive");
        if (permission !== "granted") return pushToast("notGranted", "destructive");
        await (await device).subscribeDevice();
        setState("enabled");
        pushToast("enabled", "success");
      })
      .catch((error: unknown) =>
        showToast({ title: t("settings.push_enable_failed"), description: errorMessage(error), variant: "destructive" }),
      )
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
        pushToast("disabled", "success");
      })
      .catch((error: unknown) =>
        showToast({ title: t("settings.push_disable_failed"), description: errorMessage(error), variant: "destructive" }),
      )
      .finally(() => {
        setBusy(false);
        refreshServerView();
      });
  }, [refreshServerView]);

  return { state, busy, enable, disable };
}
