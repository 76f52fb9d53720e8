import { useState } from "react";
import { sendPush } from "@/api/push/send-push";
import { getPushStateQueryOptions } from "@/api/push/push-state";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage, serverMessage } from "@/lib/api/errors";
import { currentSubscription, pushRegistration } from "@/lib/push-device";
import { isIOS, isStandalone, notificationPermission } from "@/lib/push-support";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import type { MessageId, Translate } from "@core/i18n/translate";
import { useQueryClient } from "@tanstack/react-query";

/** Spec: "The native test notification auto-closes after 10 s." */
export const TEST_NOTIFICATION_MS = 10_000;
const TEST_TAG = "push-debug-test";

/** The browser's notification permission, in the reader's words. */
const PERMISSION_LABELS = {
  granted: "admin.permission_granted",
  denied: "admin.permission_denied",
  default: "admin.permission_default",
  unsupported: "admin.permission_unsupported",
} as const satisfies Record<NotificationPermission | "unsupported", MessageId>;

const permissionText = (permission: string, t: Translate) =>
  Object.hasOwn(PERMISSION_LABELS, permission) ? t(PERMISSION_LABELS[permission as keyof typeof PERMISSION_LABELS]) : permission;

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
  const t = useT();

  async function check() {
    setChecking(true);
    try {
      const registration = await pushRegistration(3000);
      const subscription = registration ? await currentSubscription() : null;
      let serverView: string;
      try {
        const server = await queryClient.fetchQuery({ ...getPushStateQueryOptions(), staleTime: 0 });
        serverView = server.subscribed
          ? t("admin.server_knows", { count: server.devices })
          : t("admin.server_does_not_know", { count: server.devices });
      } catch (error) {
        serverView = t("admin.server_unreachable", { error: errorMessage(error) });
      }
      const yesNo = (yes: boolean) => (yes ? t("admin.yes") : t("admin.no"));
      setReport([
        [t("admin.state_permission"), permissionText(notificationPermission(), t)],
        [
          t("admin.state_worker"),
          registration?.active
            ? t("admin.worker_active", { script: registration.active.scriptURL.replace(location.origin, "") })
            : t("admin.worker_not_running"),
        ],
        [t("admin.state_subscription"), subscription ? shorten(subscription.endpoint) : t("admin.subscription_none")],
        [t("admin.state_standalone"), yesNo(isStandalone())],
        [t("admin.state_ios"), yesNo(isIOS())],
        [t("admin.state_server"), serverView],
      ]);
    } finally {
      setChecking(false);
    }
  }

  function requestPermission() {
    if (!("Notification" in window)) return setPermission(t("admin.notifications_unavailable"));
    // Asked first thing in the tap: the only place iOS allows it.
    void Notification.requestPermission().then((result) =>
      setPermission(t("admin.permission_result", { result: permissionText(result, t) })),
    );
  }

  async function sendTest() {
    setSending(true);
    try {
      const registration = notificationPermission() === "granted" ? await pushRegistration(3000) : null;
      if (registration) {
        await registration.showNotification(t("admin.test_title"), {
          body: t("admin.test_shown"),
          tag: TEST_TAG,
          icon: "/icons/icon-192.png",
        });
        setTimeout(() => {
          void registration.getNotifications({ tag: TEST_TAG }).then((shown) => shown.forEach((notification) => notification.close()));
        }, TEST_NOTIFICATION_MS);
      }
      const result = await sendPush({ externalUserIds: [userId], title: t("admin.test_title"), body: t("admin.test_sent") });
      if (result.ok) showToast({ title: t("admin.success"), description: t("admin.push_sent"), variant: "success" });
      else showToast({ title: t("admin.failed"), description: result.error || t("admin.push_failed"), variant: "destructive" });
    } catch (error) {
      const reason = serverMessage(error) ?? errorMessage(error);
      showToast({ title: t("admin.error"), description: t("admin.push_failed_reason", { reason }), variant: "destructive" });
    } finally {
      setSending(false);
    }
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => void check()} disabled={checking}>
          {checking ? t("admin.checking") : t("admin.check_push_state")}
        </Button>
        <Button variant="outline" onClick={requestPermission}>
          {t("admin.test_permission")}
        </Button>
        <Button variant="outline" onClick={() => void sendTest()} disabled={sending}>
          {sending ? t("admin.sending") : t("admin.send_test")}
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
              {t("admin.push_state")}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <dl aria-label={t("admin.push_state")} className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
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
            {t("admin.ios_needs")}
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            <li>{t("admin.ios_version")}</li>
            <li>{t("admin.ios_home_screen")}</li>
            <li>{t("admin.ios_allowed")}</li>
            <li>{t("admin.ios_https")}</li>
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}
