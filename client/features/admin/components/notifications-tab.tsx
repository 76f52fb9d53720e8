import { useEffect, useId, useState } from "react";
import { type FieldErrors, useWatch } from "react-hook-form";
import type { AdminUser } from "@core/schemas/admin";
import { PUSH_BODY_MAX, PUSH_TITLE_MAX, pushMessageFormSchema } from "@core/schemas/push";
import { sendPush } from "@/api/push/send-push";
import { SubmitButton } from "@/components/form/submit-button";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage, serverMessage } from "@/lib/api/errors";
import { useLocale, useT, wordMessage } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useAdminUsers } from "../api/admin-users";
import { chooserShortfallText } from "../utils/user-count";

/** How many matches the chooser lists: enough to pick from, short enough for a phone. */
const CHOICES = 8;
/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 250;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type PushValues = { title: string; body: string };

/** The first field's message, worded (a schema's is a message reference: decision 108). */
function firstMessage(errors: FieldErrors<PushValues>): string {
  return wordMessage(errors.title?.message ?? errors.body?.message ?? "");
}

const fullName = (user: AdminUser) => `${user.firstName} ${user.lastName}`.trim();

/**
 * Notifications (spec §2): send a push to one chosen user. The user is found by name or email; Send
 * stays disabled until a user, a title and a message are all there (docs/product.md#admin-area); the
 * title and message are checked by the send request's schema before sending (a blank one is said
 * under its field and in a toast, in the server's words).
 */
export function NotificationsTab() {
  const [search, setSearch] = useState("");
  const query = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const users = useAdminUsers(query, "all");
  const [chosen, setChosen] = useState<AdminUser | null>(null);
  const { form } = useSchemaForm(pushMessageFormSchema, { title: "", body: "" });
  const [title, message] = useWatch({ control: form.control, name: ["title", "body"] });
  const [sending, setSending] = useState(false);
  const ids = { search: useId(), chosen: useId(), shortfall: useId() };
  const t = useT();
  const locale = useLocale();
  const matches = (users.data?.pages ?? []).flatMap((page) => page.items).slice(0, CHOICES);
  // Only a few matches are listed: say so, and that the search reaches the rest.
  const shortfall = users.isSuccess ? chooserShortfallText(matches.length, users.data.pages.at(-1)?.total ?? null, t, locale) : null;

  const refused = (description: string) => showToast({ title: t("admin.error"), description, variant: "destructive" });

  // The schema's output: the title and the message trimmed.
  const submit = form.handleSubmit(
    async (values) => {
      if (!chosen) return refused(t("admin.push_select_user"));
      setSending(true);
      try {
        const result = await sendPush({ externalUserIds: [chosen.id], ...values });
        if (result.ok) {
          showToast({ title: t("admin.success"), description: t("admin.push_sent"), variant: "success" });
          form.reset();
        } else {
          showToast({ title: t("admin.failed"), description: result.error || t("admin.push_failed"), variant: "destructive" });
        }
      } catch (error) {
        const reason = serverMessage(error) ?? errorMessage(error);
        showToast({ title: t("admin.error"), description: t("admin.push_failed_reason", { reason }), variant: "destructive" });
      } finally {
        setSending(false);
      }
    },
    (errors) => refused(firstMessage(errors)),
  );

  return (
    <section aria-labelledby="admin-notifications-heading" className="grid gap-4">
      <h2 id="admin-notifications-heading" className="text-lg font-semibold">
        {t("admin.tab_notifications")}
      </h2>
      <Form {...form}>
        <form onSubmit={submit} className="grid max-w-xl gap-4" noValidate>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">{t("admin.user")}</legend>
            <Label htmlFor={ids.search} className="sr-only">
              {t("admin.search_users")}
            </Label>
            <Input
              id={ids.search}
              type="search"
              placeholder={t("admin.search_by_name")}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              autoComplete="off"
              aria-describedby={shortfall ? ids.shortfall : undefined}
            />
            {users.isPending ? (
              <LoadingState label={t("admin.loading_users")} />
            ) : users.isError ? (
              <ErrorState
                message={t("admin.users_error", { error: errorMessage(users.error) })}
                onRetry={() => void users.refetch()}
                retryLabel={t("admin.try_again")}
                size="sm"
              />
            ) : matches.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("admin.no_users")}</p>
            ) : (
              <ul className="grid gap-1" aria-label={t("admin.matching_users")}>
                {matches.map((user) => (
                  <li key={user.id}>
                    <label className="grid min-h-11 cursor-pointer grid-cols-[auto_1fr] items-center gap-x-3 rounded-md border px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
                      <input
                        type="radio"
                        name="push-recipient"
                        className="row-span-2 size-4 accent-[var(--color-primary)]"
                        checked={chosen?.id === user.id}
                        onChange={() => setChosen(user)}
                      />
                      <span className="font-medium break-words">{fullName(user)}</span>
                      <span className="col-start-2 text-sm break-all text-muted-foreground">{user.email}</span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            {shortfall && (
              <p id={ids.shortfall} className="text-sm text-muted-foreground">
                {shortfall}
              </p>
            )}
            <p id={ids.chosen} className="text-sm" aria-live="polite">
              {chosen ? t("admin.sending_to", { name: fullName(chosen), email: chosen.email }) : t("admin.no_user_selected")}
            </p>
          </fieldset>

          <FormField
            control={form.control}
            name="title"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("admin.push_title")}</FormLabel>
                <FormControl>
                  <Input {...field} maxLength={PUSH_TITLE_MAX} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="body"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t("admin.push_message")}</FormLabel>
                <FormControl>
                  <Textarea {...field} maxLength={PUSH_BODY_MAX} rows={4} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <div>
            <SubmitButton pending={sending} pendingText={t("admin.sending")} disabled={!chosen || !title || !message}>
              {t("admin.send_notification")}
            </SubmitButton>
          </div>
        </form>
      </Form>
    </section>
  );
}
