import { useId, useState } from "react";
import { clockHour, formatTime12 } from "@core/format";
import { DEFAULT_SUMMARY_TIME } from "@core/schemas/preferences";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api/errors";
import { useLocale, useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { usePreferences, useUpdatePreferences } from "@/api/user/preferences";

/**
 * Settings → Evening summary (docs/product.md#reminders): off by default; on, one push at the
 * chosen time listing what is due tomorrow and what is overdue, only when there is something.
 */
export function EveningSummarySetting() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const switchId = useId();
  const timeId = useId();
  const hintId = useId();
  const t = useT();
  const locale = useLocale();
  const saved = preferences.data?.eveningSummaryTime ?? null;
  // The time being typed, before it is saved (an <input type="time"> gives "" until complete).
  const [typed, setTyped] = useState<string | null>(null);

  const save = (eveningSummaryTime: string | null) =>
    update.mutate(
      { eveningSummaryTime },
      {
        onSuccess: (answer) => {
          setTyped(null);
          showToast({
            title: answer.eveningSummaryTime ? t("settings.evening_summary_on") : t("settings.evening_summary_off"),
            description: answer.eveningSummaryTime
              ? t("settings.evening_summary_sent_at", {
                  time: formatTime12(answer.eveningSummaryTime, locale),
                  hour: clockHour(answer.eveningSummaryTime),
                })
              : t("settings.evening_summary_none"),
            id: "evening-summary",
          });
        },
        onError: (error) =>
          showToast({
            title: t("settings.failed_to_save"),
            description: errorMessage(error, t("settings.evening_summary_not_saved")),
            variant: "destructive",
            id: "evening-summary",
          }),
      },
    );

  return (
    <section className="grid gap-2" aria-labelledby={switchId}>
      <div className="flex items-center justify-between gap-3">
        <label id={switchId} htmlFor={`${switchId}-switch`} className="text-sm font-medium">
          {t("settings.evening_summary")}
        </label>
        {preferences.isPending ? (
          <span className="text-sm text-muted-foreground">{t("common.loading_ellipsis")}</span>
        ) : (
          <Switch
            id={`${switchId}-switch`}
            checked={saved !== null}
            disabled={preferences.isError || update.isPending}
            aria-describedby={hintId}
            onCheckedChange={(on) => save(on ? DEFAULT_SUMMARY_TIME : null)}
          />
        )}
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t("settings.evening_summary_hint")}
      </p>
      {preferences.isError && (
        <div className="flex items-center justify-between gap-2 text-sm" role="alert">
          <span>{t("settings.setting_not_loaded")}</span>
          <Button size="sm" variant="outline" onClick={() => void preferences.refetch()}>
            {t("settings.retry")}
          </Button>
        </div>
      )}
      {saved !== null && (
        <div className="flex items-center gap-3">
          <label htmlFor={timeId} className="text-sm">
            {t("settings.send_at")}
          </label>
          <Input
            id={timeId}
            type="time"
            className="w-36"
            value={typed ?? saved}
            disabled={update.isPending}
            onChange={(event) => setTyped(event.target.value)}
            onBlur={() => {
              if (typed && typed !== saved) save(typed);
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter" && typed && typed !== saved) save(typed);
            }}
          />
        </div>
      )}
    </section>
  );
}
