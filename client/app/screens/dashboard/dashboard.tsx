import { CalendarDays, House, ListTodo } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { DashboardLayout, type DashboardTab } from "@/app/components/dashboard-layout";
import { usePublicSettings } from "@/api/settings/get-public-settings";
import { HomeTab } from "@/app/screens/dashboard/home-tab";
import { CalendarTab } from "@/features/calendar/components/calendar-tab";
import { TasksTab } from "@/features/tasks/components/tasks-tab";
import { useHashTab } from "@/hooks/use-hash-tab";
import { DASHBOARD_TABS, type DashboardTabId } from "@/lib/routes";
import type { User } from "@core/api-types";

// Loaded when first opened: most visits never open the class editor.
const ClassEditorDialog = lazy(() =>
  import("@/features/classes/components/class-editor-dialog").then((module) => ({ default: module.ClassEditorDialog })),
);

/**
 * What every tab body receives. Feature tabs take these as props (features never import app/):
 * the signed-in user, the school's time zone, and a way to switch tab (e.g. Home → Tasks).
 */
export type DashboardTabProps = {
  user: User;
  timeZone: string;
  goToTab: (tab: DashboardTabId) => void;
};

/** The tab composition: the one place the dashboard's feature tabs are plugged in. */
export function DashboardScreen({ user }: { user: User }) {
  const { timeZone } = usePublicSettings();
  const [activeTab, setActiveTab] = useHashTab(DASHBOARD_TABS, "home");
  const tabProps: DashboardTabProps = { user, timeZone, goToTab: setActiveTab };
  // "Complete Your Setup" opens by itself while the student has no classes (docs/product.md#class-setup);
  // closed, it waits for Settings → Edit Classes or the next visit.
  const [classEditorOpen, setClassEditorOpen] = useState(() => user.userClasses.length === 0);
  const [classEditorLoaded, setClassEditorLoaded] = useState(classEditorOpen);

  const tabs: DashboardTab[] = [
    {
      id: "home",
      label: "Home",
      icon: House,
      content: <HomeTab {...tabProps} />,
    },
    {
      id: "todo",
      label: "Tasks",
      icon: ListTodo,
      content: <TasksTab {...tabProps} />,
    },
    {
      id: "calendar",
      label: "Calendar",
      icon: CalendarDays,
      content: <CalendarTab user={user} timeZone={timeZone} />,
    },
  ];

  return (
    <DashboardLayout
      user={user}
      tabs={tabs}
      activeTab={activeTab}
      onTabChange={setActiveTab}
      onEditClasses={() => {
        setClassEditorLoaded(true);
        setClassEditorOpen(true);
      }}
    >
      {classEditorLoaded && (
        <Suspense fallback={null}>
          <ClassEditorDialog user={user} open={classEditorOpen} onClose={() => setClassEditorOpen(false)} />
        </Suspense>
      )}
    </DashboardLayout>
  );
}
