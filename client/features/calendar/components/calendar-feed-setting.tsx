import { CalendarSyncIcon, CopyIcon, RefreshCwIcon } from "lucide-react";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api/errors";
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

  const run = (what: "on" | "reset" | "off") =>
    change.mutate(what, {
      onSuccess: () =>
        showToast({
          title: what === "on" ? "Calendar feed on" : what === "reset" ? "Feed link reset" : "Calendar feed off",
          description:
            what === "on"
              ? "Add the link to your calendar app."
              : what === "reset"
                ? "The old link stops working. Add the new one to your calendar app."
                : "The link no longer works.",
          variant: "success",
          id: FEED_TOAST,
        }),
      onError: (error) => showToast({ title: "Error", description: errorMessage(error), variant: "destructive", id: FEED_TOAST }),
    });

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      showToast({ title: "Copied!", description: "The calendar feed link is on your clipboard.", id: FEED_TOAST });
    } catch {
      showToast({ title: "Copy Failed", description: "Select the link and copy it yourself.", variant: "destructive", id: FEED_TOAST });
    }
  };

  const url = feed.data?.url ?? null;
  return (
    <section className="grid gap-2" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-medium">
        Calendar feed
      </h3>
      <p className="text-sm text-muted-foreground">
        Your events and due tasks in Google Calendar, Apple Calendar or Outlook, kept up to date.
      </p>
      {feed.isPending ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : feed.isError ? (
        <div className="flex items-center justify-between gap-2 text-sm" role="alert">
          <span>Could not load the calendar feed.</span>
          <Button size="sm" variant="outline" onClick={() => void feed.refetch()}>
            Retry
          </Button>
        </div>
      ) : url === null ? (
        <Button variant="outline" className="justify-start" disabled={change.isPending} onClick={() => run("on")}>
          <CalendarSyncIcon aria-hidden="true" /> Turn On Calendar Feed
        </Button>
      ) : (
        <div className="grid gap-2">
          <label htmlFor={urlId} className="sr-only">
            Calendar feed link
          </label>
          <div className="flex gap-2">
            <Input id={urlId} readOnly value={url} className="min-w-0 flex-1 font-mono text-xs" onFocus={(e) => e.currentTarget.select()} />
            <Button variant="outline" size="icon" aria-label="Copy link" onClick={() => void copy(url)}>
              <CopyIcon aria-hidden="true" />
            </Button>
          </div>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="outline" size="sm" className={WRAPPING_LABEL} asChild>
              <a href={`https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcal(url))}`} target="_blank" rel="noreferrer">
                Add to Google Calendar
              </a>
            </Button>
            <Button variant="outline" size="sm" className={WRAPPING_LABEL} asChild>
              <a href={webcal(url)}>Subscribe (Apple, Outlook)</a>
            </Button>
            <Button variant="outline" size="sm" className={WRAPPING_LABEL} disabled={change.isPending} onClick={() => run("reset")}>
              <RefreshCwIcon aria-hidden="true" /> Reset Link
            </Button>
            <Button variant="outline" size="sm" className={WRAPPING_LABEL} disabled={change.isPending} onClick={() => run("off")}>
              Turn Off
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">Anyone with the link can see your calendar: Reset Link makes a new one.</p>
        </div>
      )}
    </section>
  );
}
