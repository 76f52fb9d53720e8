import { useEffect } from "react";
import { notificationPermission, pushSupport } from "@/lib/push-support";
import { pushDevice } from "./push-device-part";

/** Spec §4: the device is bound to the signed-in user about 1 s after sign-in. */
export const PUSH_BINDING_DELAY_MS = 1000;

/**
 * Binds this device's push subscription, if it has one, to the signed-in user: after a sign-in, a
 * registration, or a launch. Signing out unbinds it on the server (the subscription goes with the
 * session, decision 087). Only a device allowed to notify can have one, so only there is the
 * subscription code downloaded (decision 102).
 */
export function usePushBinding(userId: number): void {
  useEffect(() => {
    const timer = setTimeout(() => {
      if (pushSupport() !== "supported" || notificationPermission() !== "granted") return;
      pushDevice
        .load()
        .then((device) => device.bindDevice())
        .catch(() => {
          // Quiet: the card shows the device's state; a failed bind is tried at the next launch.
        });
    }, PUSH_BINDING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [userId]);
}
