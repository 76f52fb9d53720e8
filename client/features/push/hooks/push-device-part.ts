import { onDemand } from "@/lib/on-demand";

/**
 * This device's push subscription code (lib/push-device.ts), downloaded when a subscription is
 * looked up, bound or changed, not with the Home tab (decision 102): most devices never allow
 * notifications, and the card's first screen needs only what the browser supports.
 */
export const pushDevice = onDemand(() => import("@/lib/push-device"));
