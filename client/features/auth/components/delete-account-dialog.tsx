import { type FormEvent, useId, useState } from "react";
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
import { Input } from "@/components/ui/input";
import { errorMessage } from "@/lib/api/errors";
import { useDeleteAccount } from "../api/sign-out";

type DeleteAccountDialogProps = { open: boolean; onOpenChange: (open: boolean) => void };

/**
 * Settings → Delete my account: what goes, and the password to confirm it. A wrong password is
 * said under the field; the dialog stays open while the deletion is on its way, then the app goes
 * to the landing page.
 */
export function DeleteAccountDialog({ open, onOpenChange }: DeleteAccountDialogProps) {
  const remove = useDeleteAccount();
  const [password, setPassword] = useState("");
  const passwordId = useId();
  const errorId = useId();
  const error = remove.isError ? errorMessage(remove.error) : null;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (password) remove.mutate(password);
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (remove.isPending) return;
        if (!next) {
          setPassword("");
          remove.reset();
        }
        onOpenChange(next);
      }}
    >
      <AlertDialogContent>
        <form onSubmit={onSubmit} className="grid gap-4">
          <AlertDialogHeader>
            <AlertDialogTitle>Delete your account?</AlertDialogTitle>
            <AlertDialogDescription>
              Your account, classes, tasks, events, reminders and devices are deleted for good. Download your data first if you want to keep
              it.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid gap-2">
            <label htmlFor={passwordId} className="text-sm font-medium">
              Password
            </label>
            <Input
              id={passwordId}
              type="password"
              autoComplete="current-password"
              value={password}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
            {error && (
              <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
                {error}
              </p>
            )}
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={remove.isPending || !password}>
              {remove.isPending ? "Deleting..." : "Delete Account"}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
