import { BookOpen, LogOut, ShieldCheck } from "lucide-react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useSignOut } from "@/features/auth/api/sign-out";
import type { User } from "@core/api-types";
import { ROUTES } from "@/lib/routes";

type SettingsDialogProps = {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the class editor. */
  onEditClasses: () => void;
};

export function SettingsDialog({ user, open, onOpenChange, onEditClasses }: SettingsDialogProps) {
  const [, navigate] = useLocation();
  const signOut = useSignOut();

  const handleSignOut = () => signOut.mutate();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-sm">
        <DialogHeader>
          <DialogTitle>Settings</DialogTitle>
          <DialogDescription>Manage your classes and your account.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Button
            variant="outline"
            className="justify-start"
            onClick={() => {
              onOpenChange(false);
              onEditClasses();
            }}
          >
            <BookOpen aria-hidden="true" /> Edit Classes
          </Button>
          {user.isAdmin && (
            <Button
              variant="outline"
              className="justify-start"
              onClick={() => {
                onOpenChange(false);
                navigate(ROUTES.admin);
              }}
            >
              <ShieldCheck aria-hidden="true" /> Admin Panel
            </Button>
          )}
          <Button
            variant="outline"
            className="justify-start text-destructive hover:bg-destructive/10 hover:text-destructive"
            onClick={handleSignOut}
            disabled={signOut.isPending}
          >
            <LogOut aria-hidden="true" /> {signOut.isPending ? "Signing Out..." : "Sign Out"}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
