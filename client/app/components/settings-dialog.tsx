import { BookOpen, Clock, LogOut, ShieldCheck, UserX } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { OnlineOnlyNotice } from "@/components/states/online-only-notice";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useSignOut } from "@/features/auth/api/sign-out";
import { DeleteAccountDialog } from "@/features/auth/components/delete-account-dialog";
import { deletionReturnOf, RETURN_PARAMS } from "@/features/auth/utils/deletion-return";
import { dropSearchParams } from "@/lib/search-params";
import { YourData } from "@/features/auth/components/your-data";
import { CalendarFeedSetting } from "@/features/calendar/components/calendar-feed-setting";
import { CalendarAppsSetting } from "@/features/caldav/components/calendar-apps-setting";
import { FamilySetting } from "@/features/guardians/components/family-setting";
import { TwoFactorSetting } from "@/features/two-factor/components/two-factor-setting";
import { LmsFeedSetting } from "@/features/lms/components/lms-feed-setting";
import { KeyboardShortcutsSetting } from "./keyboard-shortcuts-setting";
import { EveningSummarySetting } from "@/features/reminders/components/evening-summary-setting";
import { AppBadgeSetting } from "@/features/app-badge/components/app-badge-setting";
import { StudyTimeSetting } from "@/features/plan/components/study-time-setting";
import type { User } from "@core/api-types";
import { type ClassEditorStart, ROUTES } from "@/lib/routes";
import { setTheme, THEME_CHOICES, THEME_LABEL, useThemeChoice } from "@/lib/theme";
import { AccountLanguagePicker } from "@/features/auth/components/account-language-picker";
import { useT } from "@/lib/i18n";

type SettingsDialogProps = {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Opens the class editor, on its classes or on its School Day step. */
  onEditClasses: (step?: ClassEditorStart) => void;
  /**
   * Back from confirming the account's deletion with its provider (issue 35): Settings' delete
   * confirmation opens by itself, confirmed or saying why not, as the address says.
   */
  providerReturned?: boolean;
};

export function SettingsDialog({ user, open, onOpenChange, onEditClasses, providerReturned = false }: SettingsDialogProps) {
  const [, navigate] = useLocation();
  const signOut = useSignOut();

  const handleSignOut = () => signOut.mutate();
  const t = useT();
  const [returned, setReturned] = useState(() => (providerReturned ? deletionReturnOf(window.location.search) : null));
  const [deleting, setDeleting] = useState(returned !== null);
  // Read once: a reload or a bookmark does not bring it back.
  useEffect(() => {
    if (providerReturned) dropSearchParams(RETURN_PARAMS);
  }, [providerReturned]);

  return (
    <>
      <DeleteAccountDialog
        open={deleting}
        onOpenChange={(next) => {
          setDeleting(next);
          // Once closed, the return is over: opened again from Settings, the dialog asks afresh.
          if (!next) setReturned(null);
        }}
        providerReturn={returned}
      />
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent className="max-h-[calc(var(--page-height)-2rem)] max-w-sm overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{t("settings.title")}</DialogTitle>
            <DialogDescription>{t("settings.description")}</DialogDescription>
          </DialogHeader>
          <OnlineOnlyNotice message={t("settings.offline_notice")} />
          <AccountLanguagePicker />
          <ThemePicker />
          <KeyboardShortcutsSetting />
          <EveningSummarySetting />
          <AppBadgeSetting />
          <StudyTimeSetting />
          <CalendarFeedSetting />
          <CalendarAppsSetting />
          <FamilySetting />
          <TwoFactorSetting />
          <LmsFeedSetting />
          <YourData />
          <div className="grid gap-2">
            <Button
              variant="outline"
              className="justify-start"
              onClick={() => {
                onOpenChange(false);
                onEditClasses();
              }}
            >
              <BookOpen aria-hidden="true" /> {t("settings.edit_classes")}
            </Button>
            <Button
              variant="outline"
              className="justify-start"
              onClick={() => {
                onOpenChange(false);
                onEditClasses("school-day");
              }}
            >
              <Clock aria-hidden="true" /> {t("settings.school_day")}
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
                <ShieldCheck aria-hidden="true" /> {t("settings.admin_panel")}
              </Button>
            )}
            <Button
              variant="outline"
              className="justify-start text-destructive hover:bg-destructive/10 hover:text-destructive"
              onClick={() => {
                onOpenChange(false);
                setDeleting(true);
              }}
            >
              <UserX aria-hidden="true" /> {t("settings.delete_account")}
            </Button>
            <Button
              variant="outline"
              className="justify-start text-destructive hover:bg-destructive/10 hover:text-destructive"
              onClick={handleSignOut}
              disabled={signOut.isPending}
            >
              <LogOut aria-hidden="true" /> {signOut.isPending ? t("settings.signing_out") : t("settings.sign_out")}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** System, Light or Dark, kept on this device (decision 075): native radios, so arrow keys move between them. */
function ThemePicker() {
  const choice = useThemeChoice();
  const t = useT();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t("settings.theme")}</legend>
      <div className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
        {THEME_CHOICES.map((option) => (
          <label
            key={option}
            className="flex h-10 cursor-pointer items-center justify-center rounded-md text-sm font-medium text-muted-foreground has-checked:bg-card has-checked:text-foreground has-checked:shadow-sm has-focus-visible:ring-2 has-focus-visible:ring-ring"
          >
            <input
              type="radio"
              name="theme"
              value={option}
              checked={choice === option}
              onChange={() => setTheme(option)}
              className="sr-only"
            />
            {t(THEME_LABEL[option])}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
