import { BellIcon, BellOffIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import type { MessageId } from "@core/i18n/translate";
import { type PushCardState, usePushDevice } from "../hooks/use-push-device";

const DESCRIPTION = {
  loading: "settings.push_checking",
  enabled: "settings.push_on",
  "not-enabled": "settings.push_off",
  "ios-not-installed": "settings.push_ios",
  unsupported: "settings.push_unsupported",
} as const satisfies Record<PushCardState, MessageId>;

/**
 * The Home tab's notifications card (docs/product.md#notifications-card): install instructions on
 * an iPhone or iPad browser tab, Disable when on, else "Enable Notifications" ("Loading..." until
 * the device's state is known or while a change is on its way).
 */
export function NotificationsCard() {
  const { state, busy, enable, disable } = usePushDevice();
  const t = useT();
  return (
    // Named apart from the toasts' own "Notifications" region, which screen readers also list.
    <Card role="region" aria-label={t("settings.notification_settings")}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <div className="flex min-w-0 items-start gap-3">
          <span
            className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary"
            aria-hidden="true"
          >
            {state === "enabled" ? <BellIcon className="size-5" /> : <BellOffIcon className="size-5" />}
          </span>
          <div className="min-w-0">
            <CardTitle className="text-base">{t("settings.notifications")}</CardTitle>
            <CardDescription>{t(DESCRIPTION[state])}</CardDescription>
          </div>
        </div>
        {state === "enabled" ? (
          <Button variant="outline" onClick={disable} disabled={busy}>
            {busy ? t("common.loading_ellipsis") : t("settings.disable")}
          </Button>
        ) : state === "not-enabled" || state === "loading" ? (
          <Button onClick={enable} disabled={busy || state === "loading"}>
            {busy || state === "loading" ? t("common.loading_ellipsis") : t("settings.enable_notifications")}
          </Button>
        ) : null}
      </CardHeader>
      {state === "ios-not-installed" && (
        <CardContent>
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            <li>{t("settings.ios_step_share")}</li>
            <li>{t("settings.ios_step_add")}</li>
            <li>{t("settings.ios_step_open")}</li>
          </ol>
        </CardContent>
      )}
    </Card>
  );
}
