import { i18n, type Messages } from "@lingui/core";
import { useId } from "react";
import { messages as englishBadge } from "@core/i18n/compiled/en/badge";
import { messages as spanishBadge } from "@core/i18n/compiled/es/badge";
import { Switch } from "@/components/ui/switch";
import { usePreferences, useUpdatePreferences } from "@/api/user/preferences";
import { errorMessage } from "@/lib/api/errors";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { canShowAppBadge, showAppBadge } from "../badging";

// Its words (the `badge` group) come with it in both languages, a few hundred bytes: in the
// signed-in app's words they would weigh on the Home tab's first screen (decision 119).
i18n.load("en", englishBadge as Messages);
i18n.load("es", spanishBadge as Messages);

/**
 * Settings → the count on the app icon (decision 119): on by default, saved with the account, so
 * it holds on every device and in the reminders' pushes. Shown on every device, saying so where
 * this browser cannot draw a badge: the choice still applies to the student's other devices.
 */
export function AppBadgeSetting() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const id = useId();
  const hintId = useId();
  const t = useT();

  const save = (appBadge: boolean) =>
    update.mutate(
      { appBadge },
      {
        // Off clears the icon at once, here; the open app's badge also follows the saved preference.
        onSuccess: (saved) => {
          if (!saved.appBadge) showAppBadge(0);
        },
        onError: (error) =>
          showToast({ title: t("settings.failed_to_save"), description: errorMessage(error), variant: "destructive", id: "app-badge" }),
      },
    );

  return (
    <section className="grid gap-2" aria-labelledby={id}>
      <div className="flex items-center justify-between gap-3">
        <label id={id} htmlFor={`${id}-switch`} className="text-sm font-medium">
          {t("badge.setting")}
        </label>
        {preferences.isPending ? (
          <span className="text-sm text-muted-foreground">{t("common.loading_ellipsis")}</span>
        ) : (
          <Switch
            id={`${id}-switch`}
            checked={preferences.data?.appBadge ?? true}
            disabled={preferences.isError || update.isPending}
            aria-describedby={hintId}
            onCheckedChange={save}
          />
        )}
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t("badge.setting_hint")}
        {!canShowAppBadge() && <> {t("badge.unsupported")}</>}
      </p>
    </section>
  );
}
