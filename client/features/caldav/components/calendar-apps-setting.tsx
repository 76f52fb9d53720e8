import { i18n, type Messages } from "@lingui/core";
import { CopyIcon, KeyRoundIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { messages as englishCaldav } from "@core/i18n/compiled/en/caldav";
import { messages as spanishCaldav } from "@core/i18n/compiled/es/caldav";
import { todayIn } from "@core/dates";
import { formatShortDate } from "@core/format";
import { createDevicePasswordSchema, type CreatedDevicePassword, type DevicePassword } from "@core/schemas/device-passwords";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { SubmitButton } from "@/components/form/submit-button";
import { TextField } from "@/components/form/text-field";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { errorMessage } from "@/lib/api/errors";
import { useLocale, useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useCreateDevicePassword, useDevicePasswords, useRevokeDevicePassword } from "../api/device-passwords";
import { ConnectQrCode } from "./connect-qr-code";

// Its words (the `caldav` group) come with it in both languages, as Settings' other late parts' do.
i18n.load("en", englishCaldav as Messages);
i18n.load("es", spanishCaldav as Messages);

const TOAST = "calendar-apps";

/** The date of an instant on this device's calendar: "Last used" names the day the student saw. */
const dayOf = (iso: string) => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date(iso));

/**
 * Settings → Calendar apps (issue 52, decision 133): the phone's own Calendar and Reminders apps,
 * DAVx5 or Thunderbird read the student's events and tasks over CalDAV, each app with a device
 * password of its own: named here, shown once with the server address and user name (and a QR
 * code a phone can scan), listed with its last use, removed at any time.
 */
export function CalendarAppsSetting() {
  const t = useT();
  const headingId = useId();
  const passwords = useDevicePasswords();
  const [created, setCreated] = useState<CreatedDevicePassword | null>(null);
  return (
    <section className="grid gap-2" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-medium">
        {t("caldav.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("caldav.description")}</p>
      {passwords.isPending ? (
        <p className="text-sm text-muted-foreground">{t("common.loading_ellipsis")}</p>
      ) : passwords.isError ? (
        <div className="flex items-center justify-between gap-2 text-sm" role="alert">
          <span>{t("caldav.load_failed")}</span>
          <Button size="sm" variant="outline" onClick={() => void passwords.refetch()}>
            {t("caldav.retry")}
          </Button>
        </div>
      ) : (
        <>
          {passwords.data.length > 0 && (
            <ul className="grid gap-2" aria-label={t("caldav.connected")}>
              {passwords.data.map((password) => (
                <ConnectedApp key={password.id} password={password} />
              ))}
            </ul>
          )}
          <NewAppForm onCreated={setCreated} />
        </>
      )}
      <ConnectDetails created={created} onClose={() => setCreated(null)} />
    </section>
  );
}

function ConnectedApp({ password }: { password: DevicePassword }) {
  const t = useT();
  const locale = useLocale();
  const revoke = useRevokeDevicePassword();
  const [asking, setAsking] = useState(false);
  return (
    <li className="flex items-center justify-between gap-2 rounded-md border px-3 py-2">
      <span className="min-w-0 text-sm wrap-anywhere">
        <span className="block font-medium">{password.name}</span>
        <span className="block text-xs text-muted-foreground">
          {password.lastUsedAt
            ? t("caldav.last_used", { date: formatShortDate(dayOf(password.lastUsedAt), locale) })
            : t("caldav.never_used")}
        </span>
      </span>
      <Button variant="ghost" size="icon" aria-label={t("caldav.remove_named", { name: password.name })} onClick={() => setAsking(true)}>
        <Trash2Icon aria-hidden="true" />
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("caldav.remove_title", { name: password.name })}
        description={t("caldav.remove_text")}
        confirmText={t("caldav.remove")}
        pendingText={t("caldav.removing")}
        pending={revoke.isPending}
        destructive
        onConfirm={() =>
          revoke.mutate(password.id, {
            onSuccess: () => {
              setAsking(false);
              showToast({ title: t("caldav.removed", { name: password.name }), variant: "success", id: TOAST });
            },
            onError: (error) =>
              showToast({ title: t("caldav.remove_failed"), description: errorMessage(error), variant: "destructive", id: TOAST }),
          })
        }
      />
    </li>
  );
}

/** The device's name, checked by the API's own schema, then its password made. */
function NewAppForm({ onCreated }: { onCreated: (created: CreatedDevicePassword) => void }) {
  const t = useT();
  const create = useCreateDevicePassword();
  const { form } = useSchemaForm(createDevicePasswordSchema, { name: "" });
  const submit = form.handleSubmit(({ name }) =>
    create.mutate(name, {
      onSuccess: (created) => {
        form.reset({ name: "" });
        onCreated(created);
      },
      onError: (error) =>
        showToast({ title: t("caldav.create_failed"), description: errorMessage(error), variant: "destructive", id: TOAST }),
    }),
  );
  return (
    <Form {...form}>
      <form className="grid gap-2" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          control={form.control}
          clearErrors={form.clearErrors}
          name="name"
          label={t("caldav.device_name")}
          placeholder={t("caldav.device_name_example")}
        />
        <SubmitButton pending={create.isPending} pendingText={t("caldav.creating")} variant="outline" className="justify-self-start">
          <KeyRoundIcon aria-hidden="true" /> {t("caldav.connect")}
        </SubmitButton>
      </form>
    </Form>
  );
}

/** What a calendar app asks for, shown once: the server's address, the user name, the password, and a QR code to scan. */
function ConnectDetails({ created, onClose }: { created: CreatedDevicePassword | null; onClose: () => void }) {
  const t = useT();
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showToast({ title: t("caldav.copied"), id: TOAST });
    } catch {
      showToast({ title: t("caldav.copy_failed"), description: t("caldav.copy_failed_text"), variant: "destructive", id: TOAST });
    }
  };
  return (
    <Dialog open={created !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(var(--page-height)-2rem)] max-w-sm overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t("caldav.connect_title", { name: created?.name ?? "" })}</DialogTitle>
          <DialogDescription>{t("caldav.connect_text")}</DialogDescription>
        </DialogHeader>
        {created && (
          <dl className="grid gap-3 text-sm">
            {(
              [
                ["caldav.server", created.serverUrl],
                ["caldav.user_name", created.username],
                ["caldav.password", created.password],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="grid gap-1">
                <dt className="font-medium">{t(label)}</dt>
                <dd className="flex items-center gap-2">
                  <code className="min-w-0 flex-1 rounded bg-muted px-2 py-1 font-mono wrap-anywhere">{value}</code>
                  <Button variant="outline" size="icon" aria-label={t("caldav.copy", { what: t(label) })} onClick={() => void copy(value)}>
                    <CopyIcon aria-hidden="true" />
                  </Button>
                </dd>
              </div>
            ))}
          </dl>
        )}
        {created && <ConnectQrCode created={created} />}
        <p className="text-sm font-medium">{t("caldav.shown_once")}</p>
        <DialogFooter>
          <Button onClick={onClose}>{t("caldav.done")}</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
