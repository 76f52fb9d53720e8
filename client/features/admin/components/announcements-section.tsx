import { Megaphone } from "lucide-react";
import { useState } from "react";
import { type FieldErrors } from "react-hook-form";
import { ANNOUNCEMENT_SHOW_DAYS_CHOICES, ANNOUNCEMENT_SHOW_DAYS_DEFAULT } from "@core/announcements";
import { todayIn } from "@core/dates";
import {
  ANNOUNCEMENT_AUDIENCES,
  ANNOUNCEMENT_BODY_MAX,
  type AnnouncementAudience,
  announcementFormSchema,
} from "@core/schemas/announcements";
import type { AnnouncementProgress } from "@core/schemas/announcements";
import type { MessageId } from "@core/i18n/translate";
import { formatShortDate } from "@core/format";
import { ChoiceField } from "@/components/form/choice-field";
import { SubmitButton } from "@/components/form/submit-button";
import { TextField } from "@/components/form/text-field";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { EmptyState } from "@/components/states/empty-state";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { serverMessage } from "@/lib/api/errors";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useLocale, useT, wordMessage } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useAnnouncementProgress, useAnnouncements, useSendAnnouncement } from "../api/school-admin";
import { isAdminLocked } from "../utils/admin-errors";

const AUDIENCE_LABELS = {
  all: "admin.audience_all",
  students: "admin.audience_students",
  admins: "admin.audience_admins",
} as const satisfies Record<AnnouncementAudience, MessageId>;

type AnnouncementValues = { title: string; body: string; audience: AnnouncementAudience; showDays: string };
const FIELDS = ["title", "body", "audience", "showDays"] as const;
const DEFAULT_VALUES: AnnouncementValues = { title: "", body: "", audience: "all", showDays: String(ANNOUNCEMENT_SHOW_DAYS_DEFAULT) };

/** Announcements (decision 113): write one, watch it reach the devices, and the recent ones with their counts. */
export function AnnouncementsSection() {
  const t = useT();
  const [sentId, setSentId] = useState<number | null>(null);
  return (
    <section aria-labelledby="admin-announcements-heading" className="grid gap-4">
      <h2 id="admin-announcements-heading" className="text-lg font-semibold">
        {t("admin.announcements")}
      </h2>
      <AnnouncementForm onSent={setSentId} />
      {sentId !== null && <SendingProgress id={sentId} />}
      <RecentAnnouncements />
    </section>
  );
}

/**
 * Checked by the announcement request's schema before sending and by the server after: a refusal
 * is said under its field and in the toast, either way; editing a field clears its message.
 */
function AnnouncementForm({ onSent }: { onSent: (id: number) => void }) {
  const t = useT();
  const send = useSendAnnouncement();
  // Checked again on the next send, not while a field is being corrected.
  const { form } = useSchemaForm(announcementFormSchema, DEFAULT_VALUES, { reValidateMode: "onSubmit" });
  const refused = (description?: string) => showToast({ title: t("admin.announcement_not_sent"), description, variant: "destructive" });

  // The schema's output is the request: title and message trimmed, the days a number.
  const submit = form.handleSubmit(
    (values) => {
      send.mutate(values, {
        onSuccess: ({ id }) => {
          form.reset({ ...DEFAULT_VALUES, audience: values.audience, showDays: String(values.showDays) });
          onSent(id);
          showToast({ title: t("admin.announcement_sent"), variant: "success" });
        },
        onError: (error) => {
          if (isAdminLocked(error)) return;
          form.clearErrors();
          applyServerFieldErrors(form.setError, error, FIELDS);
          refused(serverMessage(error) ?? undefined);
        },
      });
    },
    (errors) => refused(firstMessage(errors)),
  );

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid max-w-xl gap-4">
        <TextField control={form.control} clearErrors={form.clearErrors} name="title" label={t("admin.announcement_title")} />
        <FormField
          control={form.control}
          name="body"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("admin.announcement_body")}</FormLabel>
              <FormControl>
                <Textarea
                  {...field}
                  rows={3}
                  maxLength={ANNOUNCEMENT_BODY_MAX}
                  onChange={(event) => {
                    form.clearErrors("body");
                    field.onChange(event.target.value);
                  }}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <ChoiceField
          control={form.control}
          name="audience"
          triggerClassName="w-full sm:w-60"
          label={t("admin.announcement_audience")}
          options={ANNOUNCEMENT_AUDIENCES.map((audience) => ({ value: audience, label: t(AUDIENCE_LABELS[audience]) }))}
        />
        <ChoiceField
          control={form.control}
          name="showDays"
          triggerClassName="w-full sm:w-60"
          label={t("admin.announcement_show_days")}
          options={ANNOUNCEMENT_SHOW_DAYS_CHOICES.map((days) => ({
            value: String(days),
            label: t("admin.announcement_days", { count: days }),
          }))}
        />
        <SubmitButton pending={send.isPending} pendingText={t("admin.sending")} className="justify-self-start">
          {t("admin.send_announcement")}
        </SubmitButton>
      </form>
    </Form>
  );
}

/** The first field's message, worded (a schema's is a message reference: decision 108). */
function firstMessage(errors: FieldErrors<AnnouncementValues>): string {
  return wordMessage(FIELDS.map((name) => errors[name]?.message).find(Boolean) ?? "");
}

/**
 * "In the app: 42 students · Sent to 12 of 14 devices, 2 failed", as the counts come in: who reads it
 * on Home, then how its push went (issue 49: "No device to send to" alone read as if nobody got it).
 */
export function progressText(
  t: ReturnType<typeof useT>,
  a: Pick<AnnouncementProgress, "audience" | "readers" | "total" | "sent" | "failed" | "pending">,
) {
  const parts = [t("admin.announcement_progress", { sent: a.sent, total: a.total })];
  if (a.failed > 0) parts.push(t("admin.announcement_failed_count", { failed: a.failed }));
  if (a.pending > 0) parts.push(t("admin.announcement_pending", { pending: a.pending }));
  const push = a.total === 0 ? t("admin.announcement_no_devices") : parts.join(", ");
  return a.readers === null ? push : `${t(READERS[a.audience], { readers: a.readers })} · ${push}`;
}

/** "In the app: 42 students", worded for the audience. */
const READERS = {
  students: "admin.announcement_readers_students",
  admins: "admin.announcement_readers_admins",
  all: "admin.announcement_readers_all",
} as const satisfies Record<AnnouncementProgress["audience"], MessageId>;

/** The one just sent, read again every second until no device is pending. */
function SendingProgress({ id }: { id: number }) {
  const t = useT();
  const progress = useAnnouncementProgress(id);
  if (!progress.data) return null;
  return (
    <p role="status" aria-live="polite" className="rounded-md border bg-muted/40 px-3 py-2 text-sm">
      <span className="font-medium">{progress.data.title}</span>: {progressText(t, progress.data)}
    </p>
  );
}

/** The last day (on this device's calendar) Home shows an announcement: the day before the instant it stops. */
function lastDayShown(shownUntil: string): string {
  return todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date(Date.parse(shownUntil) - 1));
}

function RecentAnnouncements() {
  const t = useT();
  const locale = useLocale();
  const list = useAnnouncements();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{t("admin.recent_announcements")}</CardTitle>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <LoadingState label={t("admin.loading_announcements")} />
        ) : list.isError ? (
          <ErrorState
            message={t("admin.announcements_load_error")}
            onRetry={() => void list.refetch()}
            retryLabel={t("admin.try_again")}
            size="sm"
          />
        ) : list.data.length === 0 ? (
          <EmptyState icon={<Megaphone />} title={t("admin.no_announcements")} />
        ) : (
          <ul aria-label={t("admin.recent_announcements")} className="grid gap-3">
            {list.data.map((a) => (
              <li key={a.id} className="grid gap-0.5 border-b pb-3 last:border-0 last:pb-0">
                <p className="font-medium break-words">{a.title}</p>
                {a.body && <p className="text-sm break-words text-muted-foreground">{a.body}</p>}
                <p className="text-xs text-muted-foreground">
                  {formatShortDate(a.createdAt.slice(0, 10), locale)} · {t(AUDIENCE_LABELS[a.audience])} · {progressText(t, a)}
                </p>
                {a.shownUntil && (
                  <p className="text-xs text-muted-foreground">
                    {t("admin.announcement_on_home_until", { date: formatShortDate(lastDayShown(a.shownUntil), locale) })}
                  </p>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
