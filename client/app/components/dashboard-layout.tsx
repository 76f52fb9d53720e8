import type { LucideIcon } from "lucide-react";
import { Menu, Plus, Settings } from "lucide-react";
import { useState, type ReactNode } from "react";
import { AppLogo } from "@/app/components/app-logo";

import { UserProfile } from "@/app/components/user-profile";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { User } from "@core/api-types";
import type { DashboardTabId } from "@/lib/routes";
import { onDemand, useOnDemand } from "@/lib/on-demand";
import { showToast } from "@/lib/toast";

/**
 * Settings (with the theme picker and sign-out) and the phone's drawer download when first opened
 * (decision 065): most visits open neither, and the Home tab's first download stays in budget.
 */
const settingsDialog = onDemand(() => import("@/app/components/settings-dialog"));
const drawerSheet = onDemand(() => import("@/components/ui/sheet"));

export type DashboardTab = {
  id: DashboardTabId;
  label: string;
  icon: LucideIcon;
  content: ReactNode;
};

type DashboardLayoutProps = {
  user: User;
  tabs: readonly DashboardTab[];
  activeTab: DashboardTabId;
  onTabChange: (tab: DashboardTabId) => void;
  onEditClasses: () => void;
  /** The phone's floating add button: what it adds where the student is ("Add a task", "Add an event"). */
  add: { label: string; onAdd: () => void };
  /** Extra dialogs owned by features (e.g. class setup), rendered once beside the shell. */
  children?: ReactNode;
};

function Sidebar({ user, onOpenSettings }: { user: User; onOpenSettings: () => void }) {
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <div className="flex items-center gap-2 pr-8 md:pr-0">
        <AppLogo className="size-9" alt="" />
        <span className="text-lg font-bold tracking-tight">Student Hub</span>
      </div>
      <div className="rounded-lg border bg-background/60 p-3">
        <UserProfile user={user} />
      </div>
      <div className="mt-auto">
        <Button variant="ghost" className="w-full justify-start" onClick={onOpenSettings}>
          <Settings aria-hidden="true" /> Settings
        </Button>
      </div>
    </div>
  );
}

/**
 * The signed-in shell: sidebar (a drawer under 768 px), the three hash-selected tabs and the
 * Settings dialog. Tab bodies come from app/screens/dashboard.tsx.
 */
export function DashboardLayout({ user, tabs, activeTab, onTabChange, onEditClasses, add, children }: DashboardLayoutProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const drawer = useOnDemand(drawerSheet, drawerOpen, () => {
    showToast({ title: "Error", description: "The menu could not be loaded. Check your connection.", variant: "destructive" });
    setDrawerOpen(false);
  }).module;
  const settings = useOnDemand(settingsDialog, settingsOpen, () => {
    showToast({ title: "Error", description: "Settings could not be loaded. Check your connection.", variant: "destructive" });
    setSettingsOpen(false);
  }).module;

  const openSettings = () => {
    setDrawerOpen(false);
    setSettingsOpen(true);
  };

  return (
    // On desktop the sidebar is a sticky flex column rather than `fixed`, so anything shown above
    // the page (the connection banner, decision 015) pushes it down instead of covering its logo.
    <div className="min-h-dvh bg-background md:flex">
      <aside aria-label="Sidebar" className="sticky top-0 z-30 hidden h-dvh w-64 shrink-0 border-r bg-card md:block">
        <Sidebar user={user} onOpenSettings={openSettings} />
      </aside>

      {/* The menu button sits on the left, the side the drawer slides in from. */}
      <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b bg-card/95 px-3 backdrop-blur md:hidden">
        <Button variant="ghost" size="icon" aria-label="Open menu" onClick={() => setDrawerOpen(true)}>
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
            <drawer.SheetTitle className="sr-only">Menu</drawer.SheetTitle>
            <drawer.SheetDescription className="sr-only">Your profile and settings</drawer.SheetDescription>
            <Sidebar user={user} onOpenSettings={openSettings} />
          </drawer.SheetContent>
        </drawer.Sheet>
      )}

      {/* Under 768 px the tabs are a bar fixed at the bottom, in thumb's reach (clear of the Home
          Screen indicator on an installed app), so the page keeps room below for it. */}
      <main className="min-w-0 pb-[calc(4.5rem+env(safe-area-inset-bottom))] md:flex-1 md:pb-0">
        <Tabs
          value={activeTab}
          onValueChange={(value) => onTabChange(value as DashboardTabId)}
          className="mx-auto w-full max-w-6xl gap-4 px-3 py-4 sm:px-6 sm:py-6"
        >
          <TabsList
            className="fixed inset-x-0 bottom-0 z-40 grid h-auto w-full grid-cols-3 rounded-none border-t bg-card p-1 pb-[calc(0.25rem+env(safe-area-inset-bottom))] shadow-[0_-1px_3px_rgb(0_0_0/0.05)] md:static md:z-auto md:inline-flex md:h-11 md:w-fit md:rounded-lg md:border-0 md:bg-muted md:p-1 md:shadow-none"
            aria-label="Dashboard sections"
          >
            {tabs.map(({ id, label, icon: Icon }) => (
              <TabsTrigger
                key={id}
                value={id}
                className="h-14 flex-col gap-0.5 px-1.5 text-xs md:h-full md:flex-row md:gap-1.5 md:px-5 md:text-sm [&_svg]:size-5 md:[&_svg]:size-4"
              >
                <Icon aria-hidden="true" /> {label}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map(({ id, content }) => (
            <TabsContent key={id} value={id}>
              {content}
            </TabsContent>
          ))}
        </Tabs>
      </main>

      <Button
        size="icon"
        className="fixed right-4 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-40 size-14 rounded-full shadow-lg md:hidden [&_svg]:size-6"
        aria-label={add.label}
        onClick={add.onAdd}
      >
        <Plus aria-hidden="true" />
      </Button>

      {settings && <settings.SettingsDialog user={user} open={settingsOpen} onOpenChange={setSettingsOpen} onEditClasses={onEditClasses} />}
      {children}
    </div>
  );
}
