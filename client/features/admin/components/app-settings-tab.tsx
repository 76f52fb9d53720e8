import { ImageOff } from "lucide-react";
import { useState } from "react";
import { type Control, type FieldErrors, type UseFormClearErrors, useWatch } from "react-hook-form";
import { SubmitButton } from "@/components/form/submit-button";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { serverMessage } from "@/lib/api/errors";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useT, wordMessage } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useAdminSettings, useSaveAdminSettings } from "../api/admin-settings";
import { type AdminSettings, adminSettingsSchema, SETTINGS_URL_MAX } from "@core/schemas/admin";
import { isAdminLocked } from "../utils/admin-errors";
import { RetentionSection } from "./retention-section";
import { RosterSyncSection } from "./roster-sync-section";

/**
 * App Settings (spec §2): the social profile URL and the logo URL, with a live logo preview; whether
 * families' emails are on (issue 54); and the data retention policy in force (issue 55).
 */
export function AppSettingsTab() {
  const settings = useAdminSettings();
  const t = useT();
  return (
    <div className="grid gap-8">
      <section aria-labelledby="admin-settings-heading" className="grid gap-4">
        <h2 id="admin-settings-heading" className="text-lg font-semibold">
          {t("admin.tab_settings")}
        </h2>
        {settings.isPending ? (
          <LoadingState label={t("admin.loading_settings")} />
        ) : settings.isError ? (
          <ErrorState
            message={t("admin.settings_load_error")}
            onRetry={() => void settings.refetch()}
            retryLabel={t("admin.try_again")}
            size="sm"
          />
        ) : (
          <SettingsForm initial={settings.data} />
        )}
      </section>
      <RetentionSection />
      <RosterSyncSection />
    </div>
  );
}

type SettingsValues = { instagramUrl: string; logoUrl: string; guardianDigestsEnabled: boolean };
const FIELDS = ["instagramUrl", "logoUrl"] as const;

/**
 * The two URLs, checked by the settings request's schema before sending and by the server after:
 * a refusal is said in a toast and under the field, either way; editing a field clears its error.
 */
function SettingsForm({ initial }: { initial: AdminSettings }) {
  const save = useSaveAdminSettings();
  const t = useT();
  const { form } = useSchemaForm(
    adminSettingsSchema,
    {
      instagramUrl: initial.instagramUrl ?? "",
      logoUrl: initial.logoUrl ?? "",
      guardianDigestsEnabled: initial.guardianDigestsEnabled ?? true,
    },
    // Checked again on the next save, not while the address is being corrected.
    { reValidateMode: "onSubmit" },
  );
  const logoUrl = useWatch({ control: form.control, name: "logoUrl" });

  const refused = (description: string) => showToast({ title: t("admin.update_failed"), description, variant: "destructive" });

  // The schema's output: each URL trimmed, a blank one null.
  const submit = form.handleSubmit(
    (body) => {
      save.mutate(body, {
        onSuccess: () => {
          form.clearErrors();
          showToast({ title: t("admin.settings_updated"), description: t("admin.settings_saved"), variant: "success" });
        },
        onError: (error) => {
          if (isAdminLocked(error)) return;
          form.clearErrors();
          applyServerFieldErrors(form.setError, error, FIELDS);
          refused(serverMessage(error) ?? t("admin.settings_not_saved"));
        },
      });
    },
    // Said as the server's refusal was: the first field's message in the toast too.
    (errors) => refused(firstMessage(errors)),
  );

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid max-w-xl gap-4">
        <UrlField
          control={form.control}
          clearErrors={form.clearErrors}
          name="instagramUrl"
          label={t("admin.social_url")}
          hint={t("admin.social_url_hint")}
          placeholder={t("admin.social_url_placeholder")}
        />
        <UrlField
          control={form.control}
          clearErrors={form.clearErrors}
          name="logoUrl"
          label={t("admin.logo_url")}
          hint={t("admin.logo_url_hint")}
          placeholder="https://example.org/logo.png"
        />
        <LogoPreview url={logoUrl.trim()} />
        <FormField
          control={form.control}
          name="guardianDigestsEnabled"
          render={({ field }) => (
            <FormItem className="gap-1.5">
              <div className="flex items-center gap-3">
                <FormControl>
                  <Switch checked={field.value} onCheckedChange={field.onChange} />
                </FormControl>
                <FormLabel>{t("admin.family_emails")}</FormLabel>
              </div>
              <FormDescription className="text-sm">{t("admin.family_emails_hint")}</FormDescription>
            </FormItem>
          )}
        />
        <SubmitButton pending={save.isPending} pendingText={t("common.saving")} className="justify-self-start">
          {t("admin.save_settings")}
        </SubmitButton>
      </form>
    </Form>
  );
}

/** The first field's message, worded (a schema's is a message reference: decision 108). */
function firstMessage(errors: FieldErrors<SettingsValues>): string {
  return wordMessage(FIELDS.map((name) => errors[name]?.message).find(Boolean) ?? "");
}

type UrlFieldProps = {
  control: Control<SettingsValues, unknown, AdminSettings>;
  clearErrors: UseFormClearErrors<SettingsValues>;
  name: (typeof FIELDS)[number];
  label: string;
  hint: string;
  placeholder: string;
};

function UrlField({ control, clearErrors, name, label, hint, placeholder }: UrlFieldProps) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="gap-1.5">
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              {...field}
              type="url"
              inputMode="url"
              maxLength={SETTINGS_URL_MAX}
              placeholder={placeholder}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => {
                clearErrors(name);
                field.onChange(event.target.value);
              }}
            />
          </FormControl>
          <FormDescription className="text-sm">{hint}</FormDescription>
          <FormMessage className="font-medium" />
        </FormItem>
      )}
    />
  );
}

/** The logo as the landing page will show it, or the spec's words when the image does not load. */
function LogoPreview({ url }: { url: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const t = useT();
  if (!url) return null;
  return (
    <div className="grid gap-1.5">
      <p className="text-sm font-medium">{t("admin.logo_preview")}</p>
      <div className="flex min-h-20 items-center justify-center rounded-lg border bg-muted/40 p-3">
        {failedUrl === url ? (
          <p role="status" className="flex items-center gap-2 text-sm text-destructive">
            <ImageOff className="size-4" aria-hidden="true" />
            {t("admin.logo_unreachable")}
          </p>
        ) : (
          <img
            key={url}
            src={url}
            alt={t("admin.logo_preview")}
            className="max-h-24 max-w-full object-contain"
            onError={() => setFailedUrl(url)}
          />
        )}
      </div>
    </div>
  );
}
