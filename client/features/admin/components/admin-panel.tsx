import { ArrowLeft, LogOut, School, ShieldCheck } from "lucide-react";
import { type ReactNode, useEffect, useRef } from "react";
import { Link, useLocation } from "wouter";
import type { User } from "@core/api-types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useT } from "@/lib/i18n";
import { ROUTES } from "@/lib/routes";
import type { MessageId } from "@core/i18n/translate";
import { useExtendAdminUnlock, useLockAdmin } from "../api/admin-access";
import { useAdminLock, useUnlockEnding } from "../hooks/use-admin-lock";
import { useAdminUrl } from "../hooks/use-admin-url";
import type { AdminTab } from "../types/admin";
import { onDemand } from "@/lib/on-demand";
import { OnDemandPart } from "./on-demand-part";
import { UsersTab } from "./users-tab";
import { OnlineOnlyNotice } from "@/components/states/online-only-notice";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { serverMessage } from "@/lib/api/errors";
import { showToast } from "@/lib/toast";
import { isAdminLocked } from "../utils/admin-errors";

// User Management, the tab the panel opens on, comes with the panel; each other tab when it is
// first opened, and the passcode gate (its form library) only while the panel is locked
// (decision 124): an unlocked visit to /admin evaluates and renders none of them.
const notificationsTab = onDemand(() => import("./notifications-tab"));
const auditLogTab = onDemand(() => import("./audit-log-tab"));
const appSettingsTab = onDemand(() => import("./app-settings-tab"));
const passcodeGate = onDemand(() => import("./passcode-gate"));

const TAB_LABELS = {
  users: "admin.tab_users",
  notifications: "admin.tab_notifications",
  "push-debug": "admin.push_debug",
  "audit-log": "admin.tab_audit_log",
  settings: "admin.tab_settings",
} as const satisfies Record<AdminTab, MessageId>;

type AdminPanelProps = {
  user: User;
  /** When the session's step-up ends (ISO instant), or null while locked. */
  unlockedUntil: string | null;
  /** The Push Debug tab's body (the push feature's panel, composed by the app), mounted when the tab opens. */
  pushDebug: ReactNode;
};

/**
 * The admin panel (spec §2 "Admin panel", docs/product.md#admin-area): the passcode gate, then the
 * header with "Admin Access" and "Exit Admin", and the five tabs. The tab, search and filter live
 * in the URL, so the gate showing again after 30 minutes loses none of them.
 */
export function AdminPanel({ user, unlockedUntil, pushDebug }: AdminPanelProps) {
  const { unlocked } = useAdminLock(unlockedUntil);
  const ending = useUnlockEnding(unlockedUntil, unlocked);
  const extend = useExtendAdminUnlock();
  const { tab, update } = useAdminUrl();
  const lock = useLockAdmin();
  const [, navigate] = useLocation();
  const t = useT();
  const tabList = useRef<HTMLDivElement>(null);
  // On a phone the tabs are one row that scrolls sideways: the open one is kept in view (one opened
  // from a link, say). The row is scrolled, not the page.
  useEffect(() => {
    const list = tabList.current;
    const active = list?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (!list || !active) return;
    const outside = active.offsetLeft < list.scrollLeft || active.offsetLeft + active.offsetWidth > list.scrollLeft + list.clientWidth;
    if (outside) list.scrollLeft = active.offsetLeft - (list.clientWidth - active.offsetWidth) / 2;
  }, [tab, unlocked]);

  return (
    <main className="mx-auto flex min-h-(--page-height) w-full max-w-5xl flex-col gap-6 px-3 py-6 sm:px-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight">{t("admin.title")}</h1>
          {unlocked && (
            <Badge variant="success">
              <ShieldCheck aria-hidden="true" />
              {t("admin.access")}
            </Badge>
          )}
        </div>
        {unlocked ? (
          <div className="flex flex-wrap gap-2">
            {/* The school's day is a page of its own: the spec's five tabs stay five. */}
            <Button asChild variant="outline">
              <Link href={ROUTES.adminSchool}>
                <School aria-hidden="true" />
                {t("admin.school_link")}
              </Link>
            </Button>
            <Button
              variant="outline"
              disabled={lock.isPending}
              onClick={() => lock.mutate(undefined, { onSettled: () => navigate(ROUTES.home) })}
            >
              <LogOut aria-hidden="true" />
              {lock.isPending ? t("admin.exiting") : t("admin.exit")}
            </Button>
          </div>
        ) : (
          <Button asChild variant="ghost">
            <Link href={ROUTES.home}>
              <ArrowLeft aria-hidden="true" /> {t("admin.back_to_dashboard")}
            </Link>
          </Button>
        )}
      </header>
      <OnlineOnlyNotice message={t("admin.offline_notice")} />
      <ConfirmDialog
        open={ending.asking}
        onOpenChange={(open) => !open && ending.putAway()}
        title={t("admin.unlock_ending_title")}
        description={t("admin.unlock_ending_text")}
        confirmText={t("admin.stay_unlocked")}
        pendingText={t("admin.unlocking")}
        pending={extend.isPending}
        onConfirm={() =>
          extend.mutate(undefined, {
            onError: (error) => {
              ending.putAway();
              if (!isAdminLocked(error))
                showToast({ title: t("admin.update_failed"), description: serverMessage(error) ?? undefined, variant: "destructive" });
            },
          })
        }
      />

      {!unlocked ? (
        <OnDemandPart part={passcodeGate}>{({ PasscodeGate }) => <PasscodeGate />}</OnDemandPart>
      ) : (
        <Tabs value={tab} onValueChange={(value) => update({ tab: value as AdminTab })}>
          {/* One row on a phone, scrolling sideways (issue 49: in Spanish it wrapped to four rows at 375 px); wider, it wraps if it must. */}
          <TabsList
            ref={tabList}
            aria-label={t("admin.sections")}
            className="relative h-auto w-full justify-start gap-1 overflow-x-auto sm:flex-wrap sm:overflow-visible"
          >
            {(Object.keys(TAB_LABELS) as AdminTab[]).map((value) => (
              <TabsTrigger key={value} value={value} className="min-h-9 flex-none">
                {t(TAB_LABELS[value])}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="users">
            <UsersTab selfId={user.id} />
          </TabsContent>
          <TabsContent value="notifications">
            <OnDemandPart part={notificationsTab}>{({ NotificationsTab }) => <NotificationsTab />}</OnDemandPart>
          </TabsContent>
          <TabsContent value="push-debug">
            <section aria-labelledby="admin-push-debug-heading" className="grid gap-4">
              <h2 id="admin-push-debug-heading" className="text-lg font-semibold">
                {t("admin.push_debug")}
              </h2>
              {pushDebug}
            </section>
          </TabsContent>
          <TabsContent value="audit-log">
            <OnDemandPart part={auditLogTab}>{({ AuditLogTab }) => <AuditLogTab />}</OnDemandPart>
          </TabsContent>
          <TabsContent value="settings">
            <OnDemandPart part={appSettingsTab}>{({ AppSettingsTab }) => <AppSettingsTab />}</OnDemandPart>
          </TabsContent>
        </Tabs>
      )}
    </main>
  );
}
