import { CalendarSync, KeyRound, ShieldOff, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { UserDevicePasswordsDialog } from "./user-device-passwords-dialog";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/cn";
import { serverMessage } from "@/lib/api/errors";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import type { Translate } from "@core/i18n/translate";
import { useDeleteUser, useResetPassword, useResetTwoFactor, useSetAdminStatus } from "../api/admin-users";
import type { AdminUser } from "@core/schemas/admin";
import { isAdminLocked } from "../utils/admin-errors";
import { signInMethodText } from "../utils/sign-in-method";
import { ConfirmDialog } from "@/components/confirm-dialog";

type UserRowProps = {
  user: AdminUser;
  /** The signed-in admin: their own row can change neither its role nor be deleted. */
  isSelf: boolean;
  onPasswordReset: (reset: { name: string; temporaryPassword: string }) => void;
  /** Picking the account for deleting together with others (issue 55); none for staff and oneself. */
  selection?: { selected: boolean; onChange: (selected: boolean) => void };
};

type Pending = "promote" | "demote" | "reset" | "delete" | "calendar-apps" | "two-factor" | null;

function fullName(user: AdminUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** A failure toast with the server's words; a locked panel says nothing here (the gate shows). */
function toastFailure(title: string, error: unknown, t: Translate) {
  if (isAdminLocked(error)) return;
  showToast({ title, description: serverMessage(error) ?? t("admin.something_went_wrong"), variant: "destructive" });
}

/**
 * One user of User Management (spec §2): name, email and role, how the account signs in when not by
 * password alone, the admin toggle (with a question first), Reset Password for a non-admin with a
 * password, and Delete. On a phone a compact card of three
 * lines, the actions on one (Reset Password and Delete as icons, named for the user); a row from
 * 640 px, the actions in words.
 */
export function UserRow({ user, isSelf, onPasswordReset, selection }: UserRowProps) {
  const [asking, setAsking] = useState<Pending>(null);
  const setAdmin = useSetAdminStatus();
  const reset = useResetPassword();
  const remove = useDeleteUser();
  const resetTwoFactor = useResetTwoFactor();
  const name = fullName(user);
  const switchId = useId();
  const t = useT();
  const signsIn = signInMethodText(user, t);

  return (
    <li className="grid gap-2 rounded-lg border bg-card p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4">
      <div className="min-w-0">
        <p className="flex min-w-0 items-center gap-x-2 gap-y-1 font-medium sm:flex-wrap">
          {selection && (
            <Checkbox
              className="size-6"
              checked={selection.selected}
              onCheckedChange={(checked) => selection.onChange(checked === true)}
              aria-label={t("admin.select_user", { name })}
            />
          )}
          <span className="truncate">{name}</span>
          {isSelf && <Badge variant="outline">{t("admin.you")}</Badge>}
          {/* A pending reset takes the role's place on a phone, so the name keeps its one line;
              the switch below still shows the role. */}
          {user.isAdmin ? (
            <Badge className={cn(user.passwordResetRequired && "hidden sm:inline-flex")}>{t("admin.role_admin")}</Badge>
          ) : (
            <Badge variant="secondary" className={cn(user.passwordResetRequired && "hidden sm:inline-flex")}>
              {t("admin.regular_user")}
            </Badge>
          )}
          {user.passwordResetRequired && <Badge variant="warning">{t("admin.reset_pending")}</Badge>}
        </p>
        {/* Wrapped, never cut: at 320 px, the more so with a reader's own text spacing, it ended in "…" (WCAG 1.4.10 and 1.4.12, decision 123). */}
        <p className="text-sm break-all text-muted-foreground">{user.email}</p>
        {signsIn && <p className="truncate text-sm text-muted-foreground">{signsIn}</p>}
        {/* Who has two-step verification, and which staff with a password have not enrolled (issue 55). */}
        {user.twoFactor ? (
          <p className="text-sm text-muted-foreground">{t("admin.two_factor_on")}</p>
        ) : (
          user.isAdmin &&
          user.hasPassword && (
            <p className="mt-1">
              <Badge variant="warning">{t("admin.two_factor_missing")}</Badge>
            </p>
          )
        )}
      </div>
      <div className="flex shrink-0 items-center justify-end gap-2">
        <div className="flex items-center gap-2 pr-1">
          <Switch
            id={switchId}
            checked={user.isAdmin}
            disabled={isSelf || setAdmin.isPending}
            aria-label={t("admin.admin_status_for", { name })}
            aria-describedby={isSelf ? `${switchId}-self` : undefined}
            onCheckedChange={(next) => setAsking(next ? "promote" : "demote")}
          />
          <label htmlFor={switchId} className="text-sm" aria-hidden="true">
            {t("admin.role_admin")}
          </label>
          {isSelf && (
            <span id={`${switchId}-self`} className="sr-only">
              {t("admin.cannot_change_own")}
            </span>
          )}
        </div>
        {/* No Reset Password for an account without one: it signs in through the school's provider (the server refuses too). */}
        {!user.isAdmin && user.hasPassword && (
          <Button
            variant="outline"
            size="sm"
            className="w-9 px-0 sm:w-auto sm:px-3"
            onClick={() => setAsking("reset")}
            aria-label={t("admin.reset_password_for", { name })}
            title={t("admin.reset_password")}
          >
            <KeyRound aria-hidden="true" />
            <span className="hidden sm:inline">{t("admin.reset_password")}</span>
          </Button>
        )}
        {user.twoFactor && !isSelf && (
          <Button
            variant="outline"
            size="sm"
            className="w-9 px-0 sm:w-auto sm:px-3"
            onClick={() => setAsking("two-factor")}
            aria-label={t("admin.reset_two_factor_for", { name })}
            title={t("admin.reset_two_factor")}
          >
            <ShieldOff aria-hidden="true" />
            <span className="hidden sm:inline">{t("admin.reset_two_factor")}</span>
          </Button>
        )}
        <Button
          variant="outline"
          size="sm"
          className="w-9 px-0 sm:w-auto sm:px-3"
          onClick={() => setAsking("calendar-apps")}
          aria-label={t("admin.calendar_apps_of", { name })}
          title={t("admin.calendar_apps")}
        >
          <CalendarSync aria-hidden="true" />
          <span className="hidden sm:inline">{t("admin.calendar_apps")}</span>
        </Button>
        {!isSelf && (
          <Button
            variant="outline"
            size="sm"
            className="w-9 border-destructive/40 px-0 text-destructive hover:bg-destructive/10 hover:text-destructive sm:w-auto sm:px-3"
            onClick={() => setAsking("delete")}
            aria-label={t("admin.delete_name", { name })}
            title={t("common.delete")}
          >
            <Trash2 aria-hidden="true" />
            <span className="hidden sm:inline">{t("common.delete")}</span>
          </Button>
        )}
      </div>

      <ConfirmDialog
        open={asking === "promote" || asking === "demote"}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking === "promote" ? t("admin.make_admin") : t("admin.remove_admin")}
        description={
          asking === "promote"
            ? t("admin.make_admin_text", { name, email: user.email })
            : t("admin.remove_admin_text", { name, email: user.email })
        }
        confirmText={asking === "promote" ? t("admin.make_admin") : t("admin.remove_admin")}
        pendingText={t("admin.updating")}
        pending={setAdmin.isPending}
        onConfirm={() =>
          setAdmin.mutate(
            { user, isAdmin: asking === "promote" },
            {
              onSuccess: (_answer, { isAdmin }) => {
                setAsking(null);
                showToast({
                  title: t("admin.status_updated"),
                  description: isAdmin ? t("admin.promoted") : t("admin.demoted"),
                  variant: "success",
                });
              },
              onError: (error) => {
                setAsking(null);
                toastFailure(t("admin.update_failed"), error, t);
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={asking === "reset"}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t("admin.reset_password")}
        description={t("admin.reset_password_text", { name })}
        confirmText={t("admin.reset_password")}
        pendingText={t("admin.resetting")}
        pending={reset.isPending}
        onConfirm={() =>
          reset.mutate(user, {
            onSuccess: (answer) => {
              setAsking(null);
              onPasswordReset({ name, temporaryPassword: answer.temporaryPassword });
            },
            onError: (error) => {
              setAsking(null);
              toastFailure(t("admin.reset_failed"), error, t);
            },
          })
        }
      />
      <ConfirmDialog
        open={asking === "delete"}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t("admin.delete_user")}
        description={t("admin.delete_user_text", { name, email: user.email })}
        confirmText={t("common.delete")}
        pendingText={t("common.deleting")}
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(user, {
            onSuccess: () => {
              setAsking(null);
              showToast({ title: t("admin.account_deleted"), description: t("admin.account_deleted_text"), variant: "success" });
            },
            onError: (error) => {
              setAsking(null);
              toastFailure(t("admin.delete_failed"), error, t);
            },
          })
        }
      />
      <ConfirmDialog
        open={asking === "two-factor"}
        onOpenChange={(open) => !open && setAsking(null)}
        title={t("admin.reset_two_factor")}
        description={t("admin.reset_two_factor_text", { name })}
        confirmText={t("admin.reset_two_factor")}
        pendingText={t("admin.resetting")}
        destructive
        pending={resetTwoFactor.isPending}
        onConfirm={() =>
          resetTwoFactor.mutate(user, {
            onSuccess: () => {
              setAsking(null);
              showToast({ title: t("admin.two_factor_reset_done", { name }), variant: "success" });
            },
            onError: (error) => {
              setAsking(null);
              toastFailure(t("admin.reset_failed"), error, t);
            },
          })
        }
      />
      <UserDevicePasswordsDialog
        user={user}
        name={name}
        open={asking === "calendar-apps"}
        onOpenChange={(open) => setAsking(open ? "calendar-apps" : null)}
      />
    </li>
  );
}
