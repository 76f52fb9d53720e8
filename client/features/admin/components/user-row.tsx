import { KeyRound, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/cn";
import { serverMessage } from "@/lib/api/errors";
import { showToast } from "@/lib/toast";
import { useDeleteUser, useResetPassword, useSetAdminStatus } from "../api/admin-users";
import type { AdminUser } from "@core/schemas/admin";
import { isAdminLocked } from "../utils/admin-errors";
import { ConfirmDialog } from "@/components/confirm-dialog";

type UserRowProps = {
  user: AdminUser;
  /** The signed-in admin: their own row can change neither its role nor be deleted. */
  isSelf: boolean;
  onPasswordReset: (reset: { name: string; temporaryPassword: string }) => void;
};

type Pending = "promote" | "demote" | "reset" | "delete" | null;

function fullName(user: AdminUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

/** A failure toast with the server's words; a locked panel says nothing here (the gate shows). */
function toastFailure(title: "Update Failed" | "Reset Failed" | "Delete Failed", error: unknown) {
  if (isAdminLocked(error)) return;
  showToast({ title, description: serverMessage(error) ?? "Something went wrong. Please try again.", variant: "destructive" });
}

/**
 * One user of User Management (spec §2): name, email and role, the admin toggle (with a
 * question first), Reset Password for a non-admin and Delete. On a phone a compact card of three
 * lines, the actions on one (Reset Password and Delete as icons, named for the user); a row from
 * 640 px, the actions in words.
 */
export function UserRow({ user, isSelf, onPasswordReset }: UserRowProps) {
  const [asking, setAsking] = useState<Pending>(null);
  const setAdmin = useSetAdminStatus();
  const reset = useResetPassword();
  const remove = useDeleteUser();
  const name = fullName(user);
  const switchId = useId();

  return (
    <li className="grid gap-2 rounded-lg border bg-card p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center sm:gap-4">
      <div className="min-w-0">
        <p className="flex min-w-0 items-center gap-x-2 gap-y-1 font-medium sm:flex-wrap">
          <span className="truncate">{name}</span>
          {isSelf && <Badge variant="outline">You</Badge>}
          {/* A pending reset takes the role's place on a phone, so the name keeps its one line;
              the switch below still shows the role. */}
          {user.isAdmin ? (
            <Badge className={cn(user.passwordResetRequired && "hidden sm:inline-flex")}>Admin</Badge>
          ) : (
            <Badge variant="secondary" className={cn(user.passwordResetRequired && "hidden sm:inline-flex")}>
              Regular User
            </Badge>
          )}
          {user.passwordResetRequired && <Badge variant="warning">Password reset pending</Badge>}
        </p>
        <p className="truncate text-sm text-muted-foreground" title={user.email}>
          {user.email}
        </p>
      </div>
      <div className="flex shrink-0 items-center justify-end gap-2">
        <div className="flex items-center gap-2 pr-1">
          <Switch
            id={switchId}
            checked={user.isAdmin}
            disabled={isSelf || setAdmin.isPending}
            aria-label={`Admin status for ${name}`}
            aria-describedby={isSelf ? `${switchId}-self` : undefined}
            onCheckedChange={(next) => setAsking(next ? "promote" : "demote")}
          />
          <label htmlFor={switchId} className="text-sm" aria-hidden="true">
            Admin
          </label>
          {isSelf && (
            <span id={`${switchId}-self`} className="sr-only">
              You cannot change your own admin status.
            </span>
          )}
        </div>
        {!user.isAdmin && (
          <Button
            variant="outline"
            size="sm"
            className="w-9 px-0 sm:w-auto sm:px-3"
            onClick={() => setAsking("reset")}
            aria-label={`Reset password for ${name}`}
            title="Reset Password"
          >
            <KeyRound aria-hidden="true" />
            <span className="hidden sm:inline">Reset Password</span>
          </Button>
        )}
        {!isSelf && (
          <Button
            variant="outline"
            size="sm"
            className="w-9 border-destructive/40 px-0 text-destructive hover:bg-destructive/10 hover:text-destructive sm:w-auto sm:px-3"
            onClick={() => setAsking("delete")}
            aria-label={`Delete ${name}`}
            title="Delete"
          >
            <Trash2 aria-hidden="true" />
            <span className="hidden sm:inline">Delete</span>
          </Button>
        )}
      </div>

      <ConfirmDialog
        open={asking === "promote" || asking === "demote"}
        onOpenChange={(open) => !open && setAsking(null)}
        title={asking === "promote" ? "Make Admin" : "Remove Admin"}
        description={
          asking === "promote"
            ? `${name} (${user.email}) will become an admin and be able to open the admin panel with the passcode.`
            : `${name} (${user.email}) will become a regular user and lose access to the admin panel.`
        }
        confirmText={asking === "promote" ? "Make Admin" : "Remove Admin"}
        pendingText="Updating..."
        pending={setAdmin.isPending}
        onConfirm={() =>
          setAdmin.mutate(
            { user, isAdmin: asking === "promote" },
            {
              onSuccess: (_answer, { isAdmin }) => {
                setAsking(null);
                showToast({
                  title: "Admin Status Updated",
                  description: isAdmin ? "User promoted to admin" : "User removed from admin",
                  variant: "success",
                });
              },
              onError: (error) => {
                setAsking(null);
                toastFailure("Update Failed", error);
              },
            },
          )
        }
      />
      <ConfirmDialog
        open={asking === "reset"}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Reset Password"
        description={`${name} will be signed out everywhere and must choose a new password with the temporary one you will be shown.`}
        confirmText="Reset Password"
        pendingText="Resetting..."
        pending={reset.isPending}
        onConfirm={() =>
          reset.mutate(user, {
            onSuccess: (answer) => {
              setAsking(null);
              onPasswordReset({ name, temporaryPassword: answer.temporaryPassword });
            },
            onError: (error) => {
              setAsking(null);
              toastFailure("Reset Failed", error);
            },
          })
        }
      />
      <ConfirmDialog
        open={asking === "delete"}
        onOpenChange={(open) => !open && setAsking(null)}
        title="Delete User"
        description={`${name} (${user.email}) and all of their tasks and events will be deleted. This cannot be undone.`}
        confirmText="Delete"
        pendingText="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(user, {
            onSuccess: () => {
              setAsking(null);
              showToast({ title: "Account Deleted", description: "User account has been permanently deleted", variant: "success" });
            },
            onError: (error) => {
              setAsking(null);
              toastFailure("Delete Failed", error);
            },
          })
        }
      />
    </li>
  );
}
