import { ArrowLeft, ShieldCheck } from "lucide-react";
import { Link } from "wouter";
import type { User } from "@core/api-types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { ROUTES } from "@/lib/routes";
import { useAdminLock } from "../hooks/use-admin-lock";
import { AnnouncementsSection } from "./announcements-section";
import { BellScheduleSection } from "./bell-schedule-section";
import { PasscodeGate } from "./passcode-gate";
import { SchoolEventsSection } from "./school-events-section";
import { OnlineOnlyNotice } from "@/components/states/online-only-notice";

/**
 * /admin/school (issue 36, decision 112): what staff publish into every student's day, behind the
 * admin panel's own passcode gate. A page beside the panel, linked from its header, so the spec's
 * five tabs stay five; any admin call answered "locked" shows the gate again (useAdminLock).
 */
export function SchoolPage({ user }: { user: User }) {
  const { unlocked } = useAdminLock(user.adminUnlockedUntil ?? null);
  const t = useT();
  return (
    <main className="mx-auto flex min-h-(--page-height) w-full max-w-5xl flex-col gap-6 px-3 py-6 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight">{t("admin.school_title")}</h1>
          {unlocked && (
            <Badge variant="success">
              <ShieldCheck aria-hidden="true" />
              {t("admin.access")}
            </Badge>
          )}
        </div>
        <Button asChild variant="ghost">
          <Link href={ROUTES.admin}>
            <ArrowLeft aria-hidden="true" /> {t("admin.back_to_admin")}
          </Link>
        </Button>
      </header>
      <OnlineOnlyNotice message={t("admin.offline_notice")} />
      {!unlocked ? (
        <PasscodeGate />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t("admin.school_description")}</p>
          <AnnouncementsSection />
          <SchoolEventsSection />
          <BellScheduleSection />
        </>
      )}
    </main>
  );
}
