import { CalendarSyncIcon, CopyIcon, RefreshCwIcon } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api/errors";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useCalendarFeed, useChangeCalendarFeed } from "../api/calendar-feed";

const FEED_TOAST = "calendar-feed";

/** webcal:// asks the device's calendar app to subscribe; Google Calendar takes it as `cid`. */
const webcal = (url: string) => url.replace(/^https?:/, "webcal:");

/**
 * Settings → Calendar feed (docs/product.md#calendar-feed): off until turned on; then the secret
 * address with Copy, "Add to Google Calendar" and "Subscribe in Apple Calendar or Outlook", Reset
 * Link (the old address stops working at once) and Turn Off.
 */
/** Labels wrap inside their buttons rather than run past them at 320-375 px ("Subscribe (Apple, Outlook)"). */
const WRAPPING_LABEL = "h-auto min-h-8 py-1.5 text-center whitespace-normal";

export function CalendarFeedSetting() {
  const feed = useCalendarFeed();
  const change = useChangeCalendarFeed();
  const headingId = useId();
  const urlId = useId();
  const t = useT();

  const run = (what: "on" | "reset" | "off") =>
    change.mutate(what, {
      onSuccess: () =>
        showToast({
          title: t(what === "on" ? "calendar.feed_on" : what === "reset" ? "calendar.feed_reset" : "calendar.feed_off"),
          description: t(
            what === "on" ? "calendar.feed_on_text" : what === "reset" ? "calendar.feed_reset_text" : "calendar.feed_off_text",
          ),
          variant: "success",
          id: FEED_TOAST,
        }),
      onError: (error) =>
        showToast({
          title: t("calendar.toast_error"),
          description: errorMessage(error, t("common.something_went_wrong")),
          variant: "destructive",
          id: FEED_TOAST,
        }),
    });

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ title: t("calendar.copied"), description: t("calendar.feed_copied_text"), id: FEED_TOAST });
    } catch {
      showToast({ title: t("calendar.copy_failed"), description: t("calendar.copy_failed_text"), variant: "destructive", id: FEED_TOAST });
    }
  };

  const url = feed.data?.url ?? null;
  return (
    <section className="grid gap-2" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-medium">
        {t("calendar.feed_title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("calendar.feed_text")}</p>
      {feed.isPending ? (
        <p className="text-sm text-muted-foreground">{t("common.loading_ellipsis")}</p>
      ) : feed.isError ? (
        <div className="flex items-center justify-between gap-2 text-sm" role="alert">
          <span>{t("calendar.feed_load_failed")}</span>
          <Button size="sm" variant="outline" onClick={() => void feed.refetch()}>
            {t("calendar.retry")}
          </Button>
        </div>
      ) : url === null ? (
        <Button variant="outline" className="justify-start" disabled={change.isPending} onClick={() => run("on")}>
          <CalendarSyncIcon aria-hidden="true" /> {t("calendar.feed_turn_on")}
        </Button>
      ) : (
        <div className="grid gap-2">
          <label htmlFor={urlId} className="sr-only">
            {t("calendar.feed_link")}
          </label>
          <div className="flex gap-2">
            <Input id={urlId} readOnly value={url} className="min-w-0 flex-1 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
            <Button variant="outline" size="icon" aria-label={t("calendar.copy_link")} onClick={() => void copy(url)}>
              <CopyIcon aria-hidden="true" />
            </Button>
          </div>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" size="sm" className={WRAPPING_LABEL} asChild>
              <a href={`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal(url))}`} target="_blank" rel="noreferrer">
                {t("calendar.add_to_google")}
              </a>
            </Button>
            <Button variant="outline" size="sm" className={WRAPPING_LABEL} asChild>
              <a href={webcal(url)}>{t("calendar.subscribe_apple_outlook")}</a>
            </Button>
            <Button variant="outline" size="sm" className={WRAPPING_LABEL} disabled={change.isPending} onClick={() => run("reset")}>
              <RefreshCwIcon aria-hidden="true" /> {t("calendar.feed_reset_link")}
            </Button>
            <Button variant="outline" size="sm" className={WRAPPING_LABEL} disabled={change.isPending} onClick={() => run("off")}>
              {t("calendar.feed_turn_off")}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">{t("calendar.feed_warning")}</p>
        </div>
      )}
    </section>
  );
}
