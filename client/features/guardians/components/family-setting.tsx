import { i18n, type Messages } from "@lingui/core";
import { MailPlusIcon, Trash2Icon } from "lucide-react";
import { useId, useState } from "react";
import { messages as englishGuardians } from "@core/i18n/compiled/en/guardians";
import { messages as spanishGuardians } from "@core/i18n/compiled/es/guardians";
import { createGuardianSchema, GUARDIAN_FREQUENCIES, type Guardian } from "@core/schemas/guardians";
import { LOCALES } from "@core/i18n/locale";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { ChoiceField } from "@/components/form/choice-field";
import { SubmitButton } from "@/components/form/submit-button";
import { TextField } from "@/components/form/text-field";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { errorMessage } from "@/lib/api/errors";
import { useLocale, useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useGuardians, useInviteGuardian, useRemoveGuardian } from "../api/guardians";

// Its words (the `guardians` group) come with it in both languages, as Settings' other late parts' do.
i18n.load("en", englishGuardians as Messages);
i18n.load("es", spanishGuardians as Messages);

const TOAST = "family";
const LANGUAGE = { en: "guardians.language_en", es: "guardians.language_es" } as const;
const FREQUENCY = { daily: "guardians.daily", weekly: "guardians.weekly" } as const;
const STATUS = {
  invited: "guardians.status_invited",
  confirmed: "guardians.status_confirmed",
  unsubscribed: "guardians.status_unsubscribed",
} as const;

/**
 * Settings → Family (issue 54, decision 135): a student invites a parent or guardian (at most 3)
 * to a short email of what is due and missed, in the guardian's language; sees where each stands;
 * removes one at any time.
 */
export function FamilySetting() {
  const t = useT();
  const headingId = useId();
  const guardians = useGuardians();
  return (
    <section className="grid gap-2" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-medium">
        {t("guardians.title")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("guardians.description")}</p>
      {guardians.isPending ? (
        <p className="text-sm text-muted-foreground">{t("common.loading_ellipsis")}</p>
      ) : guardians.isError ? (
        <div className="flex items-center justify-between gap-2 text-sm" role="alert">
          <span>{t("guardians.load_failed")}</span>
          <Button size="sm" variant="outline" onClick={() => void guardians.refetch()}>
            {t("guardians.retry")}
          </Button>
        </div>
      ) : (
        <>
          {guardians.data.length > 0 && (
            <ul className="grid gap-2" aria-label={t("guardians.list")}>
              {guardians.data.map((guardian) => (
                <GuardianRow key={guardian.id} guardian={guardian} />
              ))}
            </ul>
          )}
          {guardians.data.length < 3 && <InviteForm />}
        </>
      )}
    </section>
  );
}

function GuardianRow({ guardian }: { guardian: Guardian }) {
  const t = useT();
  const remove = useRemoveGuardian();
  const [asking, setAsking] = useState(false);
  return (
    <li className="flex items-center justify-between gap-2 rounded-md border px-3 py-2">
      <span className="min-w-0 text-sm wrap-anywhere">
        <span className="block font-medium">{guardian.email}</span>
        <span className="block text-xs text-muted-foreground">
          {t(STATUS[guardian.status])} · {t(LANGUAGE[guardian.locale])} · {t(FREQUENCY[guardian.frequency])}
        </span>
      </span>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("guardians.remove_named", { email: guardian.email })}
        onClick={() => setAsking(true)}
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        title={t("guardians.remove_title", { email: guardian.email })}
        description={t("guardians.remove_text")}
        confirmText={t("guardians.remove")}
        pendingText={t("guardians.removing")}
        pending={remove.isPending}
        destructive
        onConfirm={() =>
          remove.mutate(guardian.id, {
            onSuccess: () => {
              setAsking(false);
              showToast({ title: t("guardians.removed", { email: guardian.email }), variant: "success", id: TOAST });
            },
            onError: (error) =>
              showToast({ title: t("guardians.remove_failed"), description: errorMessage(error), variant: "destructive", id: TOAST }),
          })
        }
      />
    </li>
  );
}

/** The guardian's address, language and how often, checked by the API's own schema, then the invitation sent. */
function InviteForm() {
  const t = useT();
  const locale = useLocale();
  const invite = useInviteGuardian();
  const { form } = useSchemaForm(createGuardianSchema, { email: "", locale, frequency: "weekly" as const });
  const submit = form.handleSubmit((data) =>
    invite.mutate(data, {
      onSuccess: (made) => {
        form.reset({ email: "", locale, frequency: "weekly" });
        showToast({ title: t("guardians.invited", { email: made.email }), variant: "success", id: TOAST });
      },
      onError: (error) =>
        showToast({ title: t("guardians.invite_failed"), description: errorMessage(error), variant: "destructive", id: TOAST }),
    }),
  );
  return (
    <Form {...form}>
      <form className="grid gap-2" onSubmit={(event) => void submit(event)} noValidate>
        <TextField control={form.control} clearErrors={form.clearErrors} name="email" type="email" label={t("guardians.email_label")} />
        <div className="grid grid-cols-2 gap-2">
          <ChoiceField
            control={form.control}
            name="locale"
            label={t("guardians.language")}
            options={LOCALES.map((l) => ({ value: l, label: t(LANGUAGE[l]) }))}
          />
          <ChoiceField
            control={form.control}
            name="frequency"
            label={t("guardians.frequency")}
            options={GUARDIAN_FREQUENCIES.map((f) => ({ value: f, label: t(FREQUENCY[f]) }))}
          />
        </div>
        <SubmitButton pending={invite.isPending} pendingText={t("guardians.inviting")} variant="outline" className="justify-self-start">
          <MailPlusIcon aria-hidden="true" /> {t("guardians.invite")}
        </SubmitButton>
      </form>
    </Form>
  );
}
