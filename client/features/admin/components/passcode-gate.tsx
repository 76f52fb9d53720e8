import { Eye, EyeOff, ShieldCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { useWatch } from "react-hook-form";
import { PASSCODE_LENGTH, passcodeFormSchema } from "@core/schemas/admin";
import { SubmitButton } from "@/components/form/submit-button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { serverMessage } from "@/lib/api/errors";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useUnlockAdmin } from "../api/admin-access";

/**
 * The passcode gate in front of the panel (spec §2, §4 "Admin access"): a masked input with a
 * show/hide toggle and a 4-character limit; Unlock is disabled until all 4 are there (spec §5),
 * that is until the form's schema (the login request's, with the length) accepts the field, as it
 * does a submission. A wrong passcode and the lock after 5 of them are said in the toast and under
 * the field, and the field is emptied and focused for the next try.
 */
export function PasscodeGate() {
  const unlock = useUnlockAdmin();
  const t = useT();
  const { form } = useSchemaForm(passcodeFormSchema, { passcode: "" });
  const passcode = useWatch({ control: form.control, name: "passcode" });
  const [revealed, setRevealed] = useState(false);
  // Checked as the field changes, without saying anything under it: the hint says the length.
  const complete = passcodeFormSchema.safeParse({ passcode }).success;

  // The passcode is the only thing to do here, whether the admin just arrived or the 30 minutes
  // ended under them: typing starts at once.
  useEffect(() => form.setFocus("passcode"), [form]);

  const submit = form.handleSubmit(({ passcode: typed }) => {
    if (unlock.isPending) return;
    unlock.mutate(typed, {
      onSuccess: () => {
        form.clearErrors();
        showToast({ title: t("admin.access_granted"), description: t("admin.access_granted_text"), variant: "success" });
      },
      onError: (failure) => {
        const message = serverMessage(failure) ?? t("admin.passcode_invalid");
        form.setValue("passcode", "");
        form.setError("passcode", { type: "server", message });
        // The button that was pressed went disabled while the call ran, taking the focus with it.
        form.setFocus("passcode");
        showToast({ title: t("admin.login_failed"), description: message, variant: "destructive" });
      },
    });
  });

  return (
    <Card className="mx-auto w-full max-w-sm">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
          {t("admin.passcode_title")}
        </CardTitle>
        <CardDescription>{t("admin.passcode_description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="grid gap-3">
            <FormField
              control={form.control}
              name="passcode"
              render={({ field }) => (
                <FormItem className="gap-1.5">
                  <FormLabel>{t("admin.passcode")}</FormLabel>
                  <div className="relative">
                    <FormControl>
                      <Input
                        {...field}
                        type={revealed ? "text" : "password"}
                        maxLength={PASSCODE_LENGTH}
                        autoComplete="off"
                        autoCapitalize="characters"
                        spellCheck={false}
                        onChange={(event) => {
                          form.clearErrors("passcode");
                          field.onChange(event.target.value.trim().slice(0, PASSCODE_LENGTH));
                        }}
                        className="pr-20 font-mono tracking-widest"
                      />
                    </FormControl>
                    {/* Says what a press will do, "Show passcode" or "Hide passcode" (decision 101). */}
                    <button
                      type="button"
                      onClick={() => setRevealed((shown) => !shown)}
                      className="absolute inset-y-0 right-0 flex items-center gap-1 rounded-r-md px-3 text-xs font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {revealed ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
                      {revealed ? t("admin.hide") : t("common.show")}
                      <span className="sr-only">{t("admin.passcode_toggle_rest")}</span>
                    </button>
                  </div>
                  <FormDescription className="text-sm">{t("admin.passcode_length", { count: PASSCODE_LENGTH })}</FormDescription>
                  <FormMessage role="alert" />
                </FormItem>
              )}
            />
            <SubmitButton pending={unlock.isPending} pendingText={t("admin.unlocking")} disabled={!complete}>
              {t("admin.unlock")}
            </SubmitButton>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
