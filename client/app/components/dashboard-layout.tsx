import type { LucideIcon } from "lucide-react";
import { GraduationCap, Menu, Plus, Settings } from "lucide-react";
import { Link } from "wouter";
import { useState, type ReactNode } from "react";
import { AppLogo } from "@/app/components/app-logo";

import { UserProfile } from "@/app/components/user-profile";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { User } from "@core/api-types";
import { type ClassEditorStart, type DashboardTabId, ROUTES } from "@/lib/routes";
import { onDemand, useOnDemand } from "@/lib/on-demand";
import { useT, withWords } from "@/lib/i18n";
import { showDownloadFailed } from "@/lib/toast";

/**
 * Settings (with the theme picker and sign-out) and the phone's drawer download when first opened
 * (decision 065): most visits open neither, and the Home tab's first download stays in budget.
 */
// Settings shows the calendar feed's card: the calendar's words come with it; the password and
// delete forms: the account's; and the delete dialog's confirmation with a school's provider: the
// school sign-in's (issue 35).
const settingsDialog = onDemand(() => withWords(import("@/app/components/settings-dialog"), "calendar", "auth", "sso"));
const drawerSheet = onDemand(() => import("@/components/ui/sheet"));

export type DashboardTab = {
  id: DashboardTabId;
  label: string;
  icon: LucideIcon;
  content: ReactNode;
  /** A count beside the label in the desktop sidebar (the overdue tasks), described for screen readers. */
  badge?: { count: number; description: string };
};

type DashboardLayoutProps = {
  user: User;
  tabs: readonly DashboardTab[];
  activeTab: DashboardTabId;
  onTabChange: (tab: DashboardTabId) => void;
  /** Opens the class editor, on its classes or straight on its School Day step. */
  onEditClasses: (step?: ClassEditorStart) => void;
  /** The phone's floating add button: what it adds where the student is ("Add a task", "Add an event"). */
  add: { label: string; onAdd: () => void };
  /** Extra dialogs owned by features (e.g. class setup), rendered once beside the shell. */
  children?: ReactNode;
  /** Back from confirming the account's deletion with its provider: Settings' delete confirmation opens by itself. */
  providerReturned?: boolean;
};

function SidebarHeader({ user }: { user: User }) {
  return (
    <>
      <div className="flex items-center gap-2 pr-8 md:pr-0">
        <AppLogo className="size-9" alt="" />
        <span className="text-lg font-bold tracking-tight">Student Hub</span>
      </div>
      <div className="rounded-lg border bg-background/60 p-3">
        <UserProfile user={user} />
      </div>
    </>
  );
}

/** Below the tabs: the student's grades (issue 53), a screen of its own, and Settings. */
function SidebarActions({ onOpenSettings }: { onOpenSettings: () => void }) {
  const t = useT();
  return (
    <>
      <Button asChild variant="ghost" className="w-full justify-start">
        <Link href={ROUTES.grades}>
          <GraduationCap aria-hidden="true" /> {t("dashboard.grades")}
        </Link>
      </Button>
      <Button variant="ghost" className="w-full justify-start" onClick={onOpenSettings}>
        <Settings aria-hidden="true" /> {t("settings.title")}
      </Button>
    </>
  );
}

/** The phone's drawer: profile, Grades and Settings (its tabs are the bottom bar). */
function DrawerSidebar({ user, onOpenSettings }: { user: User; onOpenSettings: () => void }) {
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <SidebarHeader user={user} />
      <div className="mt-auto grid gap-1">
        <SidebarActions onOpenSettings={onOpenSettings} />
      </div>
    </div>
  );
}

/**
 * The signed-in shell: sidebar (a drawer under 768 px), the three hash-selected tabs and the
 * Settings dialog. Tab bodies come from app/screens/dashboard.tsx.
 */
export function DashboardLayout({
  user,
  tabs,
  activeTab,
  onTabChange,
  onEditClasses,
  add,
  children,
  providerReturned = false,
}: DashboardLayoutProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const t = useT();
  const drawer = useOnDemand(drawerSheet, drawerOpen, () => {
    showDownloadFailed(t("dashboard.the_menu"));
    setDrawerOpen(false);
  }).module;
  const settings = useOnDemand(settingsDialog, settingsOpen || providerReturned, () => {
    showDownloadFailed(t("dashboard.the_settings"));
    setSettingsOpen(false);
  }).module;

  const openSettings = () => {
    setDrawerOpen(false);
    setSettingsOpen(true);
  };

  return (
    // On desktop the sidebar is a sticky flex column rather than `fixed`, so anything shown above
    // the page (the connection banner, decision 015) pushes it down instead of covering its logo.
    <Tabs
      value={activeTab}
      onValueChange={(value) => onTabChange(value as DashboardTabId)}
      className="min-h-(--page-height) gap-0 bg-background md:flex-row"
    >
      {/* One tab list: on desktop in the sidebar, under the profile, with the overdue count on
          Tasks; under 768 px a bar fixed at the bottom, in thumb's reach (clear of the Home Screen
          indicator on an installed app), while the rest of the sidebar moves to the drawer. */}
      <aside
        aria-label={t("dashboard.sidebar")}
        className="md:sticky md:top-0 md:z-30 md:flex md:h-(--page-height) md:w-64 md:shrink-0 md:flex-col md:gap-6 md:border-r md:bg-card md:p-4"
      >
        <div className="hidden md:contents">
          <SidebarHeader user={user} />
        </div>
        <TabsList
          data-bottom-bar
          className="fixed inset-x-0 bottom-0 z-40 grid h-auto w-full grid-cols-3 rounded-none border-t bg-card p-1 pr-[4.5rem] pb-[calc(0.25rem+env(safe-area-inset-bottom))] shadow-[0_-1px_3px_rgb(0_0_0/0.05)] md:static md:z-auto md:flex md:flex-col md:items-stretch md:gap-1 md:border-0 md:bg-transparent md:p-0 md:shadow-none"
          aria-label={t("dashboard.sections")}
        >
          {tabs.map(({ id, label, icon: Icon, badge }) => (
            <TabsTrigger
              key={id}
              value={id}
              aria-describedby={badge ? `tab-badge-${id}` : undefined}
              className="h-14 flex-col gap-0.5 px-1.5 text-xs md:h-10 md:flex-none md:flex-row md:justify-start md:gap-2 md:px-3 md:text-sm md:data-[state=active]:bg-accent md:data-[state=active]:text-accent-foreground md:data-[state=active]:shadow-none [&_svg]:size-5 md:[&_svg]:size-4"
            >
              <Icon aria-hidden="true" /> {label}
              {badge && (
                <>
                  <span
                    aria-hidden="true"
                    className="hidden rounded-full bg-destructive/10 px-1.5 text-xs font-semibold text-destructive tabular-nums md:ml-auto md:inline"
                  >
                    {badge.count}
                  </span>
                  <span id={`tab-badge-${id}`} hidden>
                    {badge.description}
                  </span>
                </>
              )}
            </TabsTrigger>
          ))}
        </TabsList>
        <div className="hidden md:mt-auto md:grid md:gap-1">
          <SidebarActions onOpenSettings={openSettings} />
        </div>
      </aside>

      {/* The menu button sits on the left, the side the drawer slides in from. */}
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-card/95 px-3 backdrop-blur md:hidden">
        <Button variant="ghost" size="icon" aria-label={t("dashboard.open_menu")} onClick={() => setDrawerOpen(true)}>
          <Menu className="size-5" aria-hidden="true" />
        </Button>
        <div className="flex min-w-0 items-center gap-2">
          <AppLogo className="size-8" alt="" />
          <span className="truncate font-bold tracking-tight">Student Hub</span>
        </div>
      </header>

      {drawer && (
        <drawer.Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
          <drawer.SheetContent>
            <drawer.SheetTitle className="sr-only">{t("dashboard.menu")}</drawer.SheetTitle>
            <drawer.SheetDescription className="sr-only">{t("dashboard.menu_description")}</drawer.SheetDescription>
            <DrawerSidebar user={user} onOpenSettings={openSettings} />
          </drawer.SheetContent>
        </drawer.Sheet>
      )}

      {/* Under 768 px the page keeps room below for the bottom bar. */}
      <main className="min-w-0 pb-[calc(4.5rem+env(safe-area-inset-bottom))] md:flex-1 md:pb-0">
        <div className="mx-auto w-full max-w-6xl px-3 py-4 sm:px-6 sm:py-6">
          {tabs.map(({ id, content }) => (
            <TabsContent key={id} value={id}>
              {content}
            </TabsContent>
          ))}
        </div>
      </main>

      {/* The phone's add button sits in the bottom bar's own room, at its right end (issue 49: floating
          over the page it covered Add Event, Add Task and a task's edit button). The page leaves room
          for the bar, so nothing of it is ever under the button, and toasts rise above both. */}
      <Button
        data-floating-add
        size="icon"
        className="fixed right-2 bottom-[calc(0.25rem+env(safe-area-inset-bottom))] z-50 size-14 rounded-full shadow-md md:hidden [&_svg]:size-6"
        aria-label={add.label}
        onClick={add.onAdd}
      >
        <Plus aria-hidden="true" />
      </Button>

      {settings && (
        <settings.SettingsDialog
          user={user}
          open={settingsOpen}
          onOpenChange={setSettingsOpen}
          onEditClasses={onEditClasses}
          providerReturned={providerReturned}
        />
      )}
      {children}
    </Tabs>
  );
}
