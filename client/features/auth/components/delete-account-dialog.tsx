import { type FormEvent, useState } from "react";
import { useWatch } from "react-hook-form";
import { deleteAccountSchema } from "@core/schemas/auth";
import { useSignInMethods } from "@/api/user/sign-in-methods";
import { FormError } from "@/components/form/form-error";
import { useSchemaForm } from "@/components/form/use-schema-form";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api/errors";
import { useT } from "@/lib/i18n";
import { useDeleteAccount } from "../api/sign-out";
import type { DeletionReturn } from "../utils/deletion-return";
import { deletionConfirmation, needsReauthentication, ssoErrorMessageId, ssoStartHref } from "../utils/sso";
import { BusyMark, SsoLink, useLeavingWith } from "./sso-buttons";

type DeleteAccountDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Back from confirming with the account's provider: confirmed, or why not (issue 35). */
  providerReturn?: DeletionReturn | null;
};

/**
 * Settings → Delete my account: what goes, and the password to confirm it; an account without a
 * password (issue 35) confirms by signing in again with its provider, which brings the student back
 * to this dialog with the final button enabled. The password is checked by the deletion request's
 * schema before sending (a blank one is refused in its words); a wrong one is said under the field; the
 * dialog stays open while the deletion is on its way, then the app goes to the landing page.
 */
export function DeleteAccountDialog({ open, onOpenChange, providerReturn = null }: DeleteAccountDialogProps) {
  const remove = useDeleteAccount();
  const t = useT();
  // Checked again at the next press, not while typed: a wrong password's message stays until then.
  const { form } = useSchemaForm(deleteAccountSchema, { password: "" }, { reValidateMode: "onSubmit" });
  const password = useWatch({ control: form.control, name: "password" });
  const methods = useSignInMethods(open);
  // The provider sign-in was too old for the server (over 10 minutes): confirm with the provider again.
  const [confirmAgain, setConfirmAgain] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [leaving, setLeaving] = useLeavingWith();
  const kind = deletionConfirmation(methods.data, {
    failed: methods.isError,
    confirmed: providerReturn?.confirmed ?? false,
    confirmAgain,
  });
  const provider = methods.data?.providers[0];

  // The schema's output: the password trimmed, as sign-in trims it.
  const withPassword = form.handleSubmit(({ password }) => {
    if (kind !== "password" || !password) return;
    remove.mutate(password, {
      onError: (error) => form.setError("password", { type: "server", message: errorMessage(error) }),
    });
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    form.clearErrors();
    setFormError(null);
    if (kind !== "confirmed") return void withPassword(event);
    // Confirmed with the provider: no field to check, and the request has no password.
    event.preventDefault();
    remove.mutate(null, {
      onError: (error) => (needsReauthentication(error) ? setConfirmAgain(true) : setFormError(errorMessage(error))),
    });
  };

  const notice = confirmAgain
    ? t("sso.delete_confirm_again")
    : (formError ?? (providerReturn?.ssoError != null ? t(ssoErrorMessageId(providerReturn.ssoError)) : null));

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        if (!next) {
          form.reset();
          remove.reset();
          setConfirmAgain(false);
          setFormError(null);
        }
        onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <Form {...form}>
          <form onSubmit={onSubmit} className="grid gap-4">
            <AlertDialogHeader>
              <AlertDialogTitle>{t("settings.delete_account_title")}</AlertDialogTitle>
              <AlertDialogDescription>{t("settings.delete_account_text")}</AlertDialogDescription>
            </AlertDialogHeader>
            {notice && <FormError message={notice} />}
            {kind === "loading" && (
              <p role="status" className="flex justify-center text-primary">
                <BusyMark />
                <span className="sr-only">{t("common.loading")}</span>
              </p>
            )}
            {kind === "password" && (
              <FormField
                control={form.control}
                name="password"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t("auth.password")}</FormLabel>
                    <FormControl>
                      <Input {...field} type="password" autoComplete="current-password" />
                    </FormControl>
                    <FormMessage role="alert" className="font-medium" />
                  </FormItem>
                )}
              />
            )}
            {kind === "provider" &&
              (provider ? (
                <>
                  <p className="text-sm">{t("sso.delete_text")}</p>
                  <SsoLink
                    href={ssoStartHref(provider.id, "confirm-deletion")}
                    busy={leaving !== null}
                    inert={false}
                    onLeave={() => setLeaving(provider.id)}
                  >
                    {/* The provider's own button text ("Sign in with Google"), as on the auth screen. */}
                    {provider.label}
                  </SsoLink>
                </>
              ) : (
                <p className="text-sm">{t("sso.delete_no_sign_in")}</p>
              ))}
            {kind === "confirmed" && <p className="text-sm">{t("sso.delete_confirmed")}</p>}
            <AlertDialogFooter>
              <AlertDialogCancel disabled={remove.isPending}>{t("common.cancel")}</AlertDialogCancel>
              <Button
                type="submit"
                variant="destructive"
                disabled={remove.isPending || (kind === "password" ? !password : kind !== "confirmed")}
              >
                {remove.isPending ? t("common.deleting") : t("settings.delete_account_button")}
              </Button>
            </AlertDialogFooter>
          </form>
        </Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
