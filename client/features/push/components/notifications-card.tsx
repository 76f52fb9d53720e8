import { BellIcon, BellOffIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { type PushCardState, usePushDevice } from "../hooks/use-push-device";

const DESCRIPTION: Record<PushCardState, string> = {
  loading: "Checking this device…",
  enabled: "Notifications are on for this device.",
  "not-enabled": "Get reminders and school announcements on this device.",
  "ios-not-installed": "On iPhone and iPad, notifications work once Student Hub is on your Home Screen.",
  unsupported: "Notifications are not available in this browser.",
};

/**
 * The Home tab's notifications card (docs/product.md#notifications-card): install instructions on
 * an iPhone or iPad browser tab, Disable when on, else "Enable Notifications" ("Loading..." until
 * the device's state is known or while a change is on its way).
 */
export function NotificationsCard() {
  const { state, busy, enable, disable } = usePushDevice();
  return (
    // Named apart from the toasts' own "Notifications" region, which screen readers also list.
    <Card role="region" aria-label="Notification settings">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <div className="flex min-w-0 items-start gap-3">
          <span
            className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary"
            aria-hidden="true"
          >
            {state === "enabled" ? <BellIcon className="size-5" /> : <BellOffIcon className="size-5" />}
          </span>
          <div className="min-w-0">
            <CardTitle className="text-base">Notifications</CardTitle>
            <CardDescription>{DESCRIPTION[state]}</CardDescription>
          </div>
        </div>
        {state === "enabled" ? (
          <Button variant="outline" onClick={disable} disabled={busy}>
            {busy ? "Loading..." : "Disable"}
          </Button>
        ) : state === "not-enabled" || state === "loading" ? (
          <Button onClick={enable} disabled={busy || state === "loading"}>
            {busy || state === "loading" ? "Loading..." : "Enable Notifications"}
          </Button>
        ) : null}
      </CardHeader>
      {state === "ios-not-installed" && (
        <CardContent>
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            <li>Tap the Share button in Safari.</li>
            <li>Choose Add to Home Screen, then Add.</li>
            <li>Open Student Hub from your Home Screen and press Enable Notifications.</li>
          </ol>
        </CardContent>
      )}
    </Card>
  );
}
