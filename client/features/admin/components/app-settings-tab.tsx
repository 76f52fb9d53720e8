import { ImageOff } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { SubmitButton } from "@/components/form/submit-button";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { fieldErrorsOf, serverMessage } from "@/lib/api/errors";
import { showToast } from "@/lib/toast";
import { useAdminSettings, useSaveAdminSettings } from "../api/admin-settings";
import type { AdminSettings } from "@core/schemas/admin";
import { isAdminLocked } from "../utils/admin-errors";

/** The server's limit for each URL (decision 085). */
const URL_MAX = 2048;

type Field = keyof AdminSettings;

/** App Settings (spec §2): the social profile URL and the logo URL, with a live logo preview. */
export function AppSettingsTab() {
  const settings = useAdminSettings();
  return (
    <section aria-labelledby="admin-settings-heading" className="grid gap-4">
      <h2 id="admin-settings-heading" className="text-lg font-semibold">
        App Settings
      </h2>
      {settings.isPending ? (
        <LoadingState label="Loading settings" />
      ) : settings.isError ? (
        <ErrorState message="The app settings could not be loaded." onRetry={() => void settings.refetch()} size="sm" />
      ) : (
        <SettingsForm initial={settings.data} />
      )}
    </section>
  );
}

function SettingsForm({ initial }: { initial: AdminSettings }) {
  const save = useSaveAdminSettings();
  const [values, setValues] = useState({ instagramUrl: initial.instagramUrl ?? "", logoUrl: initial.logoUrl ?? "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: AdminSettings = {
      instagramUrl: values.instagramUrl.trim() || null,
      logoUrl: values.logoUrl.trim() || null,
    };
    save.mutate(body, {
      onSuccess: () => {
        setErrors({});
        showToast({ title: "Settings Updated", description: "App settings have been saved successfully", variant: "success" });
      },
      onError: (error) => {
        if (isAdminLocked(error)) return;
        const fields = fieldErrorsOf(error);
        setErrors({ instagramUrl: fields.instagramUrl?.[0], logoUrl: fields.logoUrl?.[0] });
        showToast({
          title: "Update Failed",
          description: serverMessage(error) ?? "The settings could not be saved.",
          variant: "destructive",
        });
      },
    });
  }

  const change = (field: Field) => (value: string) => {
    setErrors((current) => ({ ...current, [field]: undefined }));
    setValues((current) => ({ ...current, [field]: value }));
  };

  return (
    <form onSubmit={submit} noValidate className="grid max-w-xl gap-4">
      <UrlField
        label="Social Profile URL"
        hint="The school's Instagram page, linked from the landing page."
        placeholder="https://instagram.com/yourschool"
        value={values.instagramUrl}
        error={errors.instagramUrl}
        onChange={change("instagramUrl")}
      />
      <UrlField
        label="Logo URL"
        hint="An image shown on the landing page and beside the app's name."
        placeholder="https://example.org/logo.png"
        value={values.logoUrl}
        error={errors.logoUrl}
        onChange={change("logoUrl")}
      />
      <LogoPreview url={values.logoUrl.trim()} />
      <SubmitButton pending={save.isPending} pendingText="Saving..." className="justify-self-start">
        Save Settings
      </SubmitButton>
    </form>
  );
}

type UrlFieldProps = {
  label: string;
  hint: string;
  placeholder: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
};

function UrlField({ label, hint, placeholder, value, error, onChange }: UrlFieldProps) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        type="url"
        inputMode="url"
        value={value}
        maxLength={URL_MAX}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** The logo as the landing page will show it, or the spec's words when the image does not load. */
function LogoPreview({ url }: { url: string }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (!url) return null;
  return (
    <div className="grid gap-1.5">
      <p className="text-sm font-medium">Logo preview</p>
      <div className="flex min-h-20 items-center justify-center rounded-lg border bg-muted/40 p-3">
        {failedUrl === url ? (
          <p role="status" className="flex items-center gap-2 text-sm text-destructive">
            <ImageOff className="size-4" aria-hidden="true" />
            Unable to load image. Please check the URL.
          </p>
        ) : (
          <img key={url} src={url} alt="Logo preview" className="max-h-24 max-w-full object-contain" onError={() => setFailedUrl(url)} />
        )}
      </div>
    </div>
  );
}
