import { DownloadIcon, RefreshCwIcon, Trash2Icon } from "lucide-react";
import { useId } from "react";
import { createLmsFeedSchema, DEFAULT_LMS_FEED_MODE, LMS_FEED_MODES, type LmsFeedImport, type LmsFeedMode } from "@core/schemas/lms-feeds";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { errorMessage, fieldErrorsOf } from "@/lib/api/errors";
import { applyServerFieldErrors } from "@/lib/form-errors";
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
const FIELDS = ["url", "name"] as const;
type FeedValues = { url: string; name: string; mode: LmsFeedMode };
const EMPTY: FeedValues = { url: "", name: "", mode: DEFAULT_LMS_FEED_MODE };

/**
 * Settings → Import from your LMS (docs/product.md#lms-feeds, decision 117): the student's feeds
 * with how many tasks each brought, its problem if it has one, Refresh now and Remove; and the form
 * that adds one (address, name, what its items become) and says how many items came in. The form
 * is checked by the request's schema before sending and by the server after: either's refusal is
 * said under its field, and checked again at the next Import.
 */
export function LmsFeedSetting() {
  const t = useT();
  const feeds = useLmsFeeds();
  const add = useAddLmsFeed();
  const refresh = useRefreshLmsFeed();
  const remove = useRemoveLmsFeed();
  const headingId = useId();
  const modeId = useId();
  const { form } = useSchemaForm(createLmsFeedSchema, EMPTY, { reValidateMode: "onSubmit" });
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

  // The schema's output: the address and name trimmed.
  const submit = form.handleSubmit((values) => {
    add.mutate(values, {
      onSuccess: (result) => {
        form.reset({ ...EMPTY, mode: values.mode });
        showToast({
          title: t("calendar.lms_imported"),
          description: outcome(result),
          variant: "success",
          id: LMS_TOAST,
        });
      },
      onError: (error) => applyServerFieldErrors(form.setError, error, FIELDS),
    });
  });

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
      <Form {...form}>
        <form className="grid gap-2" onSubmit={submit} noValidate>
          <FormField
            control={form.control}
            name="url"
            render={({ field }) => (
              <FormItem className="gap-1">
                <FormLabel>{t("calendar.lms_url")}</FormLabel>
                <FormControl>
                  <Input {...field} type="url" inputMode="url" autoComplete="off" placeholder="webcal://…" />
                </FormControl>
                <FormMessage className="text-xs" />
              </FormItem>
            )}
          />
          <div className="grid gap-2">
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem className="min-w-0 gap-1">
                  <FormLabel>{t("calendar.lms_name")}</FormLabel>
                  <FormControl>
                    <Input {...field} placeholder="Canvas" />
                  </FormControl>
                  <FormMessage className="text-xs" />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="mode"
              render={({ field }) => (
                <div className="grid min-w-0 gap-1">
                  <Label id={modeId}>{t("calendar.lms_mode")}</Label>
                  <Select
                    value={field.value}
                    onValueChange={(value) => field.onChange(LMS_FEED_MODES.find((known) => known === value) ?? DEFAULT_LMS_FEED_MODE)}
                  >
                    <SelectTrigger className={MODE_TRIGGER} aria-labelledby={modeId} onBlur={field.onBlur} ref={field.ref}>
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
              )}
            />
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
      </Form>
    </section>
  );
}
