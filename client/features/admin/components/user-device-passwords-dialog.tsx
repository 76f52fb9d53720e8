import { useState } from "react";
import { todayIn } from "@core/dates";
import { formatShortDate } from "@core/format";
import type { AdminUser } from "@core/schemas/admin";
import type { DevicePassword } from "@core/schemas/device-passwords";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { serverMessage } from "@/lib/api/errors";
import { useLocale, useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useRevokeUserDevicePassword, useUserDevicePasswords } from "../api/admin-users";

/**
 * A user's calendar apps (issue 52, decision 133): the device passwords they made for CalDAV, by
 * name, when made and last used; an admin revokes one (a lost phone), audited, and the app is
 * refused from its next sync. Never the passwords themselves.
 */
export function UserDevicePasswordsDialog({
  user,
  name,
  open,
  onOpenChange,
}: {
  user: AdminUser;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const passwords = useUserDevicePasswords(user, open);
  const revoke = useRevokeUserDevicePassword();
  const [asking, setAsking] = useState<DevicePassword | null>(null);
  // Dates on this device's calendar, as the admin reads them.
  const date = (iso: string) => formatShortDate(todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date(iso)), locale);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(var(--page-height)-2rem)] max-w-sm overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t("admin.calendar_apps_of", { name })}</DialogTitle>
          <DialogDescription>{t("admin.calendar_apps_text")}</DialogDescription>
        </DialogHeader>
        {passwords.isPending ? (
          <p className="text-sm text-muted-foreground">{t("common.loading_ellipsis")}</p>
        ) : passwords.isError ? (
          <div className="flex items-center justify-between gap-2 text-sm" role="alert">
            <span>{t("admin.calendar_apps_failed")}</span>
            <Button size="sm" variant="outline" onClick={() => void passwords.refetch()}>
              {t("admin.try_again")}
            </Button>
          </div>
        ) : passwords.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("admin.calendar_apps_none")}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t("admin.calendar_apps_of", { name })}>
            {passwords.data.map((password) => (
              <li key={password.id} className="flex items-center justify-between gap-2 rounded-md border px-3 py-2">
                <span className="min-w-0 text-sm wrap-anywhere">
                  <span className="block font-medium">{password.name}</span>
                  <span className="block text-xs text-muted-foreground">
                    {password.lastUsedAt
                      ? t("admin.calendar_app_used", { made: date(password.createdAt), used: date(password.lastUsedAt) })
                      : t("admin.calendar_app_unused", { made: date(password.createdAt) })}
                  </span>
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => setAsking(password)}
                  aria-label={t("admin.revoke_named", { name: password.name })}
                >
                  {t("admin.revoke")}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <ConfirmDialog
          open={asking !== null}
          onOpenChange={(next) => !next && setAsking(null)}
          title={t("admin.revoke_title", { name: asking?.name ?? "" })}
          description={t("admin.revoke_text", { name })}
          confirmText={t("admin.revoke")}
          pendingText={t("admin.revoking")}
          pending={revoke.isPending}
          destructive
          onConfirm={() =>
            asking &&
            revoke.mutate(
              { user, password: asking },
              {
                onSuccess: () => {
                  setAsking(null);
                  showToast({ title: t("admin.revoked", { name: asking.name }), variant: "success" });
                },
                onError: (error) =>
                  showToast({
                    title: t("admin.revoke_failed"),
                    description: serverMessage(error) ?? t("admin.something_went_wrong"),
                    variant: "destructive",
                  }),
              },
            )
          }
        />
      </DialogContent>
    </Dialog>
  );
}
