import { i18n, type Messages } from "@lingui/core";
import { CopyIcon, ShieldCheckIcon } from "lucide-react";
import { useId, useState } from "react";
import { messages as englishTwoFactor } from "@core/i18n/compiled/en/twofactor";
import { messages as spanishTwoFactor } from "@core/i18n/compiled/es/twofactor";
import { disableTwoFactorSchema, type TwoFactorSetup, twoFactorCodeSchema } from "@core/schemas/two-factor";
import { QrCode } from "@/components/qr-code";
import { SubmitButton } from "@/components/form/submit-button";
import { TextField } from "@/components/form/text-field";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { errorMessage, fieldErrorsOf } from "@/lib/api/errors";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useBeginTwoFactor, useConfirmTwoFactor, useTurnOffTwoFactor, useTwoFactor } from "../api/two-factor";

// Its words (the `twofactor` group) come with it in both languages, as Settings' other late parts' do.
i18n.load("en", englishTwoFactor as Messages);
i18n.load("es", spanishTwoFactor as Messages);

const TOAST = "two-factor";

/**
 * Settings → Two-step verification (issue 55, decision 136): for an account with a password, a
 * code from an authenticator app after the password. Turned on from a QR code and its first code,
 * which gives ten recovery codes shown this once; turned off with the password.
 */
export function TwoFactorSetting() {
  const t = useT();
  const headingId = useId();
  const status = useTwoFactor();
  const begin = useBeginTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  return (
    <section className="grid gap-2" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-medium">
        {t("twofactor.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("twofactor.description")}</p>
      {status.isPending ? (
        <p className="text-sm text-muted-foreground">{t("common.loading_ellipsis")}</p>
      ) : status.isError ? (
        <div className="flex items-center justify-between gap-2 text-sm" role="alert">
          <span>{t("twofactor.load_failed")}</span>
          <Button size="sm" variant="outline" onClick={() => void status.refetch()}>
            {t("twofactor.retry")}
          </Button>
        </div>
      ) : !status.data.available ? (
        <p className="text-sm">{t("twofactor.school_sign_in")}</p>
      ) : status.data.enabled ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="flex items-center gap-2 text-sm font-medium">
            <ShieldCheckIcon className="size-4 text-primary" aria-hidden="true" />
            {t("twofactor.status_on", { count: status.data.recoveryCodesLeft })}
          </p>
          <Button variant="outline" size="sm" onClick={() => setTurningOff(true)}>
            {t("twofactor.turn_off")}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm">{t("twofactor.status_off")}</p>
          <Button
            variant="outline"
            size="sm"
            disabled={begin.isPending}
            onClick={() =>
              begin.mutate(undefined, {
                onSuccess: setSetup,
                onError: (error) =>
                  showToast({ title: t("twofactor.failed"), description: errorMessage(error), variant: "destructive", id: TOAST }),
              })
            }
          >
            {begin.isPending ? t("twofactor.starting") : t("twofactor.turn_on")}
          </Button>
        </div>
      )}
      <SetupDialog setup={setup} onClose={() => setSetup(null)} />
      <TurnOffDialog open={turningOff} onClose={() => setTurningOff(false)} />
    </section>
  );
}

/** The QR code and key, then the first code; once on, the recovery codes instead. */
function SetupDialog({ setup, onClose }: { setup: TwoFactorSetup | null; onClose: () => void }) {
  const t = useT();
  const confirm = useConfirmTwoFactor();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { form } = useSchemaForm(twoFactorCodeSchema, { code: "" }, { reValidateMode: "onSubmit" });
  const close = () => {
    if (confirm.isPending) return;
    setCodes(null);
    form.reset({ code: "" });
    confirm.reset();
    onClose();
  };
  const submit = form.handleSubmit(({ code }) =>
    confirm.mutate(code, {
      onSuccess: ({ recoveryCodes }) => {
        setCodes(recoveryCodes);
        showToast({ title: t("twofactor.turned_on"), variant: "success", id: TOAST });
      },
      onError: (error) => {
        if (fieldErrorsOf(error).code) applyServerFieldErrors(form.setError, error, ["code"]);
        else showToast({ title: t("twofactor.failed"), description: errorMessage(error), variant: "destructive", id: TOAST });
      },
    }),
  );
  return (
    <Dialog open={setup !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-h-[calc(var(--page-height)-2rem)] max-w-sm overflow-y-auto">
        {codes ? (
          <>
            <DialogHeader>
              <DialogTitle>{t("twofactor.codes_title")}</DialogTitle>
              <DialogDescription>{t("twofactor.codes_text")}</DialogDescription>
            </DialogHeader>
            <ul aria-label={t("twofactor.codes_list")} className="grid grid-cols-2 gap-2 rounded-md bg-muted p-3 font-mono text-sm">
              {codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
            <DialogFooter className="gap-2">
              <Button
                variant="outline"
                onClick={() =>
                  void navigator.clipboard.writeText(codes.join("\n")).then(() => showToast({ title: t("twofactor.copied"), id: TOAST }))
                }
              >
                <CopyIcon aria-hidden="true" />
                {t("twofactor.copy_codes")}
              </Button>
              <Button onClick={close}>{t("twofactor.done")}</Button>
            </DialogFooter>
          </>
        ) : (
          setup && (
            <>
              <DialogHeader>
                <DialogTitle>{t("twofactor.setup_title")}</DialogTitle>
                <DialogDescription>{t("twofactor.scan")}</DialogDescription>
              </DialogHeader>
              <QrCode value={setup.otpauthUri} label={t("twofactor.qr_label")} caption={t("twofactor.qr_caption")} />
              <dl className="grid gap-1 text-sm">
                <dt className="font-medium">{t("twofactor.key_label")}</dt>
                <dd>
                  <code className="rounded bg-muted px-1.5 py-0.5 break-all">{setup.secret.replace(/(.{4})(?=.)/g, "$1 ")}</code>
                </dd>
              </dl>
              <Form {...form}>
                <form className="grid gap-3" onSubmit={(event) => void submit(event)} noValidate>
                  <TextField
                    control={form.control}
                    clearErrors={form.clearErrors}
                    name="code"
                    label={t("twofactor.code_label")}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                  />
                  <DialogFooter className="gap-2">
                    <Button type="button" variant="outline" onClick={close} disabled={confirm.isPending}>
                      {t("twofactor.cancel")}
                    </Button>
                    <SubmitButton pending={confirm.isPending} pendingText={t("twofactor.confirming")}>
                      {t("twofactor.confirm")}
                    </SubmitButton>
                  </DialogFooter>
                </form>
              </Form>
            </>
          )
        )}
      </DialogContent>
    </Dialog>
  );
}

/** Turning it off asks for the password: a wrong one is said under the field. */
function TurnOffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const turnOff = useTurnOffTwoFactor();
  const { form } = useSchemaForm(disableTwoFactorSchema, { password: "" }, { reValidateMode: "onSubmit" });
  const close = () => {
    if (turnOff.isPending) return;
    form.reset({ password: "" });
    onClose();
  };
  const submit = form.handleSubmit(({ password }) =>
    turnOff.mutate(password, {
      onSuccess: () => {
        showToast({ title: t("twofactor.turned_off"), variant: "success", id: TOAST });
        close();
        onClose();
      },
      onError: (error) => {
        if (fieldErrorsOf(error).password) applyServerFieldErrors(form.setError, error, ["password"]);
        else showToast({ title: t("twofactor.failed"), description: errorMessage(error), variant: "destructive", id: TOAST });
      },
    }),
  );
  return (
    <Dialog open={open} onOpenChange={(next) => !next && close()}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>{t("twofactor.turn_off_title")}</DialogTitle>
          <DialogDescription>{t("twofactor.turn_off_text")}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form className="grid gap-3" onSubmit={(event) => void submit(event)} noValidate>
            <TextField
              control={form.control}
              clearErrors={form.clearErrors}
              name="password"
              type="password"
              label={t("twofactor.password_label")}
              autoComplete="current-password"
            />
            <DialogFooter className="gap-2">
              <Button type="button" variant="outline" onClick={close} disabled={turnOff.isPending}>
                {t("twofactor.cancel")}
              </Button>
              <SubmitButton variant="destructive" pending={turnOff.isPending} pendingText={t("twofactor.turning_off")}>
                {t("twofactor.turn_off")}
              </SubmitButton>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
