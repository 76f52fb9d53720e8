import { DownloadIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { DEFAULT_LMS_FEED_MODE, LMS_FEED_MODES, type LmsFeedImport, type LmsFeedMode } from "@core/schemas/lms-feeds";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { errorMessage, fieldErrorsOf } from "@/lib/api/errors";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useAddLmsFeed, useLmsFeeds, useRefreshLmsFeed, useRemoveLmsFeed } from "../api/lms-feeds";

const LMS_TOAST = "lms-feed";
const MODE_LABEL = {
  "tasks-and-events": "calendar.lms_mode_tasks_and_events",
  assignments: "calendar.lms_mode_assignments",
  everything: "calendar.lms_mode_everything",
} as const;
/** The chosen mode's words wrap inside the field at 320-375 px instead of widening it (they are long in Spanish). */
const MODE_TRIGGER = "h-auto min-h-10 w-full [&>span]:min-w-0 [&>span]:whitespace-normal!";
/** Labels wrap inside their buttons at 320-375 px. */
const WRAPPING_LABEL = "h-auto min-h-8 py-1.5 text-center whitespace-normal";

/**
 * Settings → Import from your LMS (docs/product.md#lms-feeds, decision 117): the student's feeds
 * with how many tasks each brought, its problem if it has one, Refresh now and Remove; and the form
 * that adds one (address, name, what its items become) and says how many items came in.
 */
export function LmsFeedSetting() {
  const t = useT();
  const feeds = useLmsFeeds();
  const add = useAddLmsFeed();
  const refresh = useRefreshLmsFeed();
  const remove = useRemoveLmsFeed();
  const headingId = useId();
  const urlId = useId();
  const nameId = useId();
  const modeId = useId();
  const [url, setUrl] = useState("");
  const [name, setName] = useState("");
  const [mode, setMode] = useState<LmsFeedMode>(DEFAULT_LMS_FEED_MODE);
  const fieldErrors = add.error ? fieldErrorsOf(add.error) : {};

  const problem = (error: unknown) =>
    showToast({
      title: t("calendar.lms_problem"),
      description: errorMessage(error, t("common.something_went_wrong")),
      variant: "destructive",
      id: LMS_TOAST,
    });

  /** What an import brought, and how many of the feed's items could not be read (decision 122). */
  const outcome = ({ imported, skipped }: LmsFeedImport) =>
    [t("calendar.lms_items_came_in", { count: imported }), skipped > 0 ? t("calendar.lms_items_unreadable", { count: skipped }) : null]
      .filter(Boolean)
      .join(" · ");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { url, name, mode },
      {
        onSuccess: (result) => {
          setUrl("");
          setName("");
          showToast({
            title: t("calendar.lms_imported"),
            description: outcome(result),
            variant: "success",
            id: LMS_TOAST,
          });
        },
      },
    );
  };

  return (
    <section className="grid gap-2" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-medium">
        {t("calendar.lms_title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("calendar.lms_text")}</p>
      {feeds.data && feeds.data.length > 0 && (
        <ul className="grid gap-2">
          {feeds.data.map((feed) => (
            <li key={feed.id} className="grid gap-1 rounded-md border p-2 text-sm">
              <div className="flex min-w-0 items-center justify-between gap-2">
                <span className="min-w-0 truncate font-medium">{feed.name}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{t("calendar.lms_items", { count: feed.itemCount })}</span>
              </div>
              <span className="truncate font-mono text-xs text-muted-foreground">{feed.urlHint}</span>
              {feed.status === "paused" && <span className="text-xs text-destructive">{t("calendar.lms_paused")}</span>}
              {feed.lastError && <span className="text-xs text-destructive">{feed.lastError}</span>}
              <div className="grid grid-cols-2 gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  className={WRAPPING_LABEL}
                  disabled={refresh.isPending || feed.status === "paused"}
                  onClick={() =>
                    refresh.mutate(feed.id, {
                      onSuccess: (result) =>
                        showToast({
                          title: t("calendar.lms_refreshed"),
                          description: outcome(result),
                          id: LMS_TOAST,
                        }),
                      onError: problem,
                    })
                  }
                >
                  <RefreshCwIcon aria-hidden="true" /> {t("calendar.lms_refresh", { name: feed.name })}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  className={WRAPPING_LABEL}
                  disabled={remove.isPending}
                  onClick={() =>
                    remove.mutate(feed.id, {
                      onSuccess: () =>
                        showToast({ title: t("calendar.lms_removed"), description: t("calendar.lms_removed_text"), id: LMS_TOAST }),
                      onError: problem,
                    })
                  }
                >
                  <Trash2Icon aria-hidden="true" /> {t("calendar.lms_remove", { name: feed.name })}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form className="grid gap-2" onSubmit={submit} noValidate>
        <div className="grid gap-1">
          <Label htmlFor={urlId}>{t("calendar.lms_url")}</Label>
          <Input
            id={urlId}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="webcal://…"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            aria-invalid={fieldErrors.url ? true : undefined}
            aria-describedby={fieldErrors.url ? `${urlId}-error` : undefined}
          />
          {fieldErrors.url && (
            <p id={`${urlId}-error`} className="text-xs text-destructive">
              {fieldErrors.url[0]}
            </p>
          )}
        </div>
        <div className="grid gap-2">
          <div className="grid min-w-0 gap-1">
            <Label htmlFor={nameId}>{t("calendar.lms_name")}</Label>
            <Input
              id={nameId}
              placeholder="Canvas"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={fieldErrors.name ? true : undefined}
              aria-describedby={fieldErrors.name ? `${nameId}-error` : undefined}
            />
            {fieldErrors.name && (
              <p id={`${nameId}-error`} className="text-xs text-destructive">
                {fieldErrors.name[0]}
              </p>
            )}
          </div>
          <div className="grid min-w-0 gap-1">
            <Label id={modeId}>{t("calendar.lms_mode")}</Label>
            <Select
              value={mode}
              onValueChange={(value) => setMode(LMS_FEED_MODES.find((known) => known === value) ?? DEFAULT_LMS_FEED_MODE)}
            >
              <SelectTrigger className={MODE_TRIGGER} aria-labelledby={modeId}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LMS_FEED_MODES.map((value) => (
                  <SelectItem key={value} value={value}>
                    {t(MODE_LABEL[value])}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
        {add.error && !fieldErrors.url && !fieldErrors.name && (
          <p role="alert" className="text-xs text-destructive">
            {errorMessage(add.error, t("common.something_went_wrong"))}
          </p>
        )}
        <Button type="submit" variant="outline" className="justify-start" disabled={add.isPending}>
          <DownloadIcon aria-hidden="true" /> {t("calendar.lms_import")}
        </Button>
      </form>
    </section>
  );
}
