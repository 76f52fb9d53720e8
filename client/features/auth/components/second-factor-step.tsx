import { i18n, type Messages } from "@lingui/core";
import { messages as englishTwoFactor } from "@core/i18n/compiled/en/twofactor";
import { messages as spanishTwoFactor } from "@core/i18n/compiled/es/twofactor";
import type { User } from "@core/api-types";
import { twoFactorCodeSchema } from "@core/schemas/two-factor";
import { FormError } from "@/components/form/form-error";
import { SubmitButton } from "@/components/form/submit-button";
import { TextField } from "@/components/form/text-field";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { errorMessage, fieldErrorsOf } from "@/lib/api/errors";
import { useT } from "@/lib/i18n";
import { useSecondFactor } from "../api/second-factor";

// Its words (the `twofactor` group) come with this step, which loads only when a sign-in asks for a code.
i18n.load("en", englishTwoFactor as Messages);
i18n.load("es", spanishTwoFactor as Messages);

/**
 * A sign-in's second step (issue 55, decision 136): the password was right and the account has
 * two-step verification, so no session yet until the code from the authenticator app, or a
 * recovery code, comes. "Back to sign in" starts over.
 */
export function SecondFactorStep({ onSuccess, onBack }: { onSuccess: (user: User) => void; onBack: () => void }) {
  const t = useT();
  const send = useSecondFactor();
  const { form } = useSchemaForm(twoFactorCodeSchema, { code: "" }, { reValidateMode: "onSubmit" });
  const submit = form.handleSubmit(({ code }) =>
    send.mutate(code, {
      onSuccess,
      onError: (error) => {
        const message = fieldErrorsOf(error).code?.[0];
        if (message) form.setError("code", { type: "server", message });
      },
    }),
  );
  // The code's own refusal is said under the field; anything else (the sign-in ran out, the network) above the form.
  const failure = send.isError && !fieldErrorsOf(send.error).code ? errorMessage(send.error, t("twofactor.verify_failed")) : null;
  return (
    <Form {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4" aria-label={t("twofactor.step_form")}>
        <div className="grid gap-1">
          <h2 className="text-lg font-semibold">{t("twofactor.step_title")}</h2>
          <p className="text-sm text-muted-foreground">{t("twofactor.step_text")}</p>
        </div>
        {failure && <FormError message={failure} />}
        <TextField
          control={form.control}
          clearErrors={form.clearErrors}
          name="code"
          label={t("twofactor.step_code_label")}
          autoComplete="one-time-code"
          inputMode="numeric"
        />
        <SubmitButton size="lg" className="w-full" pending={send.isPending} pendingText={t("twofactor.verifying")}>
          {t("twofactor.verify")}
        </SubmitButton>
        <Button type="button" variant="ghost" onClick={onBack} disabled={send.isPending}>
          {t("twofactor.back")}
        </Button>
      </form>
    </Form>
  );
}
