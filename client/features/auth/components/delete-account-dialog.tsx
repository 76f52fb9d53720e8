import { useForm, useWatch } from "react-hook-form";
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

type DeleteAccountDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

type DeleteAccountValues = { password: string };

/**
 * Settings → Delete my account: what goes, and the password to confirm it. A wrong password is
 * said under the field; the dialog stays open while the deletion is on its way, then the app goes
 * to the landing page.
 */
export function DeleteAccountDialog({ open, onOpenChange }: DeleteAccountDialogProps) {
  const remove = useDeleteAccount();
  const t = useT();
  const form = useForm<DeleteAccountValues>({ defaultValues: { password: "" } });
  const password = useWatch({ control: form.control, name: "password" });

  const onSubmit = form.handleSubmit((values) => {
    if (!values.password) return;
    form.clearErrors();
    remove.mutate(values.password, {
      onError: (error) => form.setError("password", { type: "server", message: errorMessage(error) }),
    });
  });

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        if (!next) {
          form.reset();
          remove.reset();
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
            <AlertDialogFooter>
              <AlertDialogCancel disabled={remove.isPending}>{t("common.cancel")}</AlertDialogCancel>
              <Button type="submit" variant="destructive" disabled={remove.isPending || !password}>
                {remove.isPending ? t("common.deleting") : t("settings.delete_account_button")}
              </Button>
            </AlertDialogFooter>
          </form>
        </Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
