import { useState } from "react";
import { sendPush } from "@/api/push/send-push";
import { getPushStateQueryOptions } from "@/api/push/push-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage, serverMessage } from "@/lib/api/errors";
import { currentSubscription, pushRegistration } from "@/lib/push-device";
import { isIOS, isStandalone, notificationPermission } from "@/lib/push-support";
import { showToast } from "@/lib/toast";
import { useQueryClient } from "@tanstack/react-query";

/** Spec: "The native test notification auto-closes after 10 s." */
export const TEST_NOTIFICATION_MS = 10_000;
export const TEST_TITLE = "Test Notification";
const TEST_TAG = "push-debug-test";

type PushReport = Array<[label: string, value: string]>;

const shorten = (endpoint: string) => (endpoint.length > 48 ? `${endpoint.slice(0, 32)}…${endpoint.slice(-12)}` : endpoint);

/**
 * The push debug page and the admin panel's Push Debug tab (spec "Push debug page"): what this
 * device and the server know of its push setup, a permission request, and a test notification both
 * shown here and sent through the server to oneself.
 */
export function PushDebugPanel({
  userId,
  cardHeadings = "h3",
}: {
  userId: number;
  /** h3 under the admin panel's Push Debug heading; h2 on /admin/push-debug, right under its h1. */
  cardHeadings?: "h2" | "h3";
}) {
  const queryClient = useQueryClient();
  const [report, setReport] = useState<PushReport | null>(null);
  const [checking, setChecking] = useState(false);
  const [permission, setPermission] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function check() {
    setChecking(true);
    try {
      const registration = await pushRegistration(3000);
      const subscription = registration ? await currentSubscription() : null;
      let serverView: string;
      try {
        const server = await queryClient.fetchQuery({ ...getPushStateQueryOptions(), staleTime: 0 });
        const devices = `${server.devices} device${server.devices === 1 ? "" : "s"} for your account`;
        serverView = `${server.subscribed ? "knows this device" : "does not know this device"}; ${devices}`;
      } catch (error) {
        serverView = `could not be asked: ${errorMessage(error)}`;
      }
      setReport([
        ["Notification permission", notificationPermission()],
        ["Service worker", registration?.active ? `active (${registration.active.scriptURL.replace(location.origin, "")})` : "not running"],
        ["This browser's subscription", subscription ? shorten(subscription.endpoint) : "none"],
        ["Opened from the Home Screen", isStandalone() ? "yes" : "no"],
        ["iPhone or iPad", isIOS() ? "yes" : "no"],
        ["Server", serverView],
      ]);
    } finally {
      setChecking(false);
    }
  }

  function requestPermission() {
    if (!("Notification" in window)) return setPermission("Notifications are not available in this browser.");
    // Asked first thing in the tap: the only place iOS allows it.
    void Notification.requestPermission().then((result) => setPermission(`Permission: ${result}`));
  }

  async function sendTest() {
    setSending(true);
    try {
      const registration = notificationPermission() === "granted" ? await pushRegistration(3000) : null;
      if (registration) {
        await registration.showNotification(TEST_TITLE, { body: "Shown by this device.", tag: TEST_TAG, icon: "/icons/icon-192.png" });
        setTimeout(() => {
          void registration.getNotifications({ tag: TEST_TAG }).then((shown) => shown.forEach((notification) => notification.close()));
        }, TEST_NOTIFICATION_MS);
      }
      const result = await sendPush({ externalUserIds: [userId], title: TEST_TITLE, body: "Sent through the Student Hub server." });
      if (result.ok) showToast({ title: "Success", description: "Push notification sent successfully", variant: "success" });
      else showToast({ title: "Failed", description: result.error || "Failed to send notification", variant: "destructive" });
    } catch (error) {
      const reason = serverMessage(error) ?? errorMessage(error);
      showToast({ title: "Error", description: `Failed to send notification: ${reason}`, variant: "destructive" });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void check()} disabled={checking}>
          {checking ? "Checking..." : "Check Push State"}
        </Button>
        <Button variant="outline" onClick={requestPermission}>
          Test Permission Request
        </Button>
        <Button variant="outline" onClick={() => void sendTest()} disabled={sending}>
          {sending ? "Sending..." : "Send Test Notification"}
        </Button>
      </div>
      {permission && (
        <p role="status" className="text-sm">
          {permission}
        </p>
      )}
      {report && (
        <Card>
          <CardHeader>
            <CardTitle as={cardHeadings} className="text-base">
              Push state
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl aria-label="Push state" className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
              {report.map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="font-medium">{label}</dt>
                  <dd className="break-all text-muted-foreground">{value}</dd>
                </div>
              ))}
            </dl>
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle as={cardHeadings} className="text-base">
            Push on iPhone and iPad needs
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            <li>iOS or iPadOS 16.4 or later.</li>
            <li>Student Hub added to the Home Screen (Share, then Add to Home Screen) and opened from there.</li>
            <li>Notifications allowed for Student Hub, asked from the Enable Notifications button.</li>
            <li>The school's Student Hub served over HTTPS.</li>
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
