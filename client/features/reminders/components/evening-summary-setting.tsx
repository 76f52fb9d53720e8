import { useId, useState } from "react";
import { formatTime12 } from "@core/format";
import { DEFAULT_SUMMARY_TIME } from "@core/schemas/preferences";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api/errors";
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
            title: answer.eveningSummaryTime ? "Evening summary on" : "Evening summary off",
            description: answer.eveningSummaryTime
              ? `Sent at ${formatTime12(answer.eveningSummaryTime)} when something is due tomorrow or overdue.`
              : "You will not get the evening summary.",
            id: "evening-summary",
          });
        },
        onError: (error) =>
          showToast({
            title: "Failed to save",
            description: errorMessage(error, "Your evening summary setting was not saved. Please try again."),
            variant: "destructive",
            id: "evening-summary",
          }),
      },
    );

  return (
    <section className="grid gap-2" aria-labelledby={switchId}>
      <div className="flex items-center justify-between gap-3">
        <label id={switchId} htmlFor={`${switchId}-switch`} className="text-sm font-medium">
          Evening summary
        </label>
        {preferences.isPending ? (
          <span className="text-sm text-muted-foreground">Loading...</span>
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
        One notification with what is due tomorrow and what is overdue, only when there is something.
      </p>
      {preferences.isError && (
        <div className="flex items-center justify-between gap-2 text-sm" role="alert">
          <span>Could not load this setting.</span>
          <Button size="sm" variant="outline" onClick={() => void preferences.refetch()}>
            Retry
          </Button>
        </div>
      )}
      {saved !== null && (
        <div className="flex items-center gap-3">
          <label htmlFor={timeId} className="text-sm">
            Send at
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
