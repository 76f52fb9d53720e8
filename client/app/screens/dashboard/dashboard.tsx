import { CalendarDays, House, ListTodo } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useEffectEvent, useMemo, useState } from "react";
import { DashboardLayout, type DashboardTab } from "@/app/components/dashboard-layout";
import { usePublicSettings } from "@/api/settings/get-public-settings";
import { useTasks } from "@/api/tasks/get-tasks";
import { HomeTab } from "@/app/screens/dashboard/home-tab";
import { NotificationsCard } from "@/features/push/components/notifications-card";
import { usePushBinding } from "@/features/push/hooks/use-push-binding";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { screenTitle, useDocumentTitle } from "@/hooks/use-document-title";
import { useHashTab } from "@/hooks/use-hash-tab";
import { useToday } from "@/hooks/use-today";
import { type OnDemand, onDemand, useOnDemand } from "@/lib/on-demand";
import { type ClassEditorStart, DASHBOARD_TABS, type DashboardTabId, ROUTES } from "@/lib/routes";
import { useLocation } from "wouter";
import { useT, withWords } from "@/lib/i18n";
import { showDownloadFailed } from "@/lib/toast";
import { whenIdle } from "@/lib/when-idle";
import type { ShortcutNewKind } from "@core/app-icon";
import type { PlainMessageId } from "@core/i18n/translate";
import type { User } from "@core/api-types";
import type { QuickAddRequest } from "@/features/tasks/types/quick-add";
import { countTasks } from "@core/tasks";

// Downloaded when first shown (docs/decisions/065): the Home tab comes with the dashboard; the
// Tasks tab (sorting select, filters) and the Calendar tab (month grid, day detail) when opened;
// the class editor when it opens, which most visits never do.
const tasksTab = onDemand(() => import("@/features/tasks/components/tasks-tab"));
// The Calendar tab and the class editor come with their own words (core/i18n/groups.ts).
const calendarTab = onDemand(() => withWords(import("@/features/calendar/components/calendar-tab"), "calendar"));
const classEditor = onDemand(() => withWords(import("@/features/classes/components/class-editor-dialog"), "classes"));
const shortcutsDialog = onDemand(() => import("@/app/components/keyboard-shortcuts-dialog"));
// The single-key shortcuts listen from when the first screen is up and the browser idle: a key
// pressed in the moment before does nothing, and Home's first screen carries less (decision 102).
const keyboardShortcuts = onDemand(() => import("@/app/components/keyboard-shortcuts"));

/**
 * What every tab body receives. Feature tabs take these as props (features never import app/):
 * the signed-in user, the school's time zone, and a way to switch tab (e.g. Home → Tasks).
 */
export type DashboardTabProps = {
  user: User;
  timeZone: string;
  goToTab: (tab: DashboardTabId) => void;
};

/**
 * A tab whose code arrives when it is first opened: the tab's own loading state meanwhile (the
 * same spinner its data then shows), and a way to try again if the download fails.
 */
function OnDemandTab<T>({
  part,
  loadingText,
  failedText,
  children,
}: {
  part: OnDemand<T>;
  /** "Loading tasks", "Your tasks could not be loaded." */
  loadingText: PlainMessageId;
  failedText: PlainMessageId;
  children: (module: T) => ReactNode;
}) {
  const { module, failed, retry } = useOnDemand(part, true);
  const t = useT();
  if (module) return children(module);
  if (failed) return <ErrorState message={t(failedText)} onRetry={retry} className="py-12" />;
  return <LoadingState label={t(loadingText)} className="py-12" />;
}

/**
 * The study plan's screens (/plan, and the focus timer's /focus), loaded through the dashboard: the code they share (dates, the
 * loading and error states) stays in the dashboard's chunk instead of splitting into files that
 * Home's first screen would then download one by one (the bundle budget, decision 079).
 */
export const loadPlanScreens = () => import("@/app/screens/plan");
/** The grades' screen (issue 53), loaded through the dashboard for the same reason. */
export const loadGradesScreen = () => import("@/app/screens/grades");

/** Each tab's own document title (docs/product.md#screen-titles). */
const DASHBOARD_TAB_TITLE: Record<DashboardTabId, PlainMessageId> = {
  home: "dashboard.tab_home",
  todo: "dashboard.tab_tasks",
  calendar: "dashboard.tab_calendar",
};

/** The tab composition: the one place the dashboard's feature tabs are plugged in. */
export function DashboardScreen({ user }: { user: User }) {
  const { timeZone } = usePublicSettings();
  const [activeTab, setActiveTab] = useHashTab(DASHBOARD_TABS, "home");
  const t = useT();
  const [, navigate] = useLocation();
  useDocumentTitle(screenTitle(t(DASHBOARD_TAB_TITLE[activeTab])));
  const tabProps: DashboardTabProps = { user, timeZone, goToTab: setActiveTab };
  // "Add" asked for from outside a tab (a shortcut, the phone's add button): a task on Home and
  // Tasks (from the Calendar, on Tasks), an event on the Calendar. The tab that shows it opens it.
  const [createRequest, setCreateRequest] = useState<"task" | "event" | null>(null);
  const createOpened = useCallback(() => setCreateRequest(null), []);
  const requestCreate = (kind: "task" | "event") => {
    if (kind === "event") setActiveTab("calendar");
    else if (activeTab === "calendar") setActiveTab("todo");
    setCreateRequest(kind);
  };
  const [shortcutsOpen, setShortcutsOpen] = useState(false);
  const shortcuts = useOnDemand(shortcutsDialog, shortcutsOpen, () => setShortcutsOpen(false)).module;
  // Quick add (issue 40): the `n` key focuses the field of Home or Tasks (from the Calendar, on Tasks).
  const [quickAddRequest, setQuickAddRequest] = useState<QuickAddRequest | null>(null);
  const requestQuickAdd = () => {
    if (activeTab === "calendar") setActiveTab("todo");
    setQuickAddRequest({});
  };
  const quickAdd = { quickAddRequest, onQuickAddTaken: useCallback(() => setQuickAddRequest(null), []) };
  const keyActions = {
    newTask: () => requestQuickAdd(),
    newEvent: () => requestCreate("event"),
    home: () => setActiveTab("home"),
    tasks: () => setActiveTab("todo"),
    calendar: () => setActiveTab("calendar"),
    help: () => setShortcutsOpen(true),
  };
  // An app icon shortcut (/?new=task, /?new=event; SHORTCUT_NEW_PARAM, decision 119) runs what
  // `n` / `e` run, once: the parameter leaves the address, so that a reload does not open the dialog
  // again. Spelled out rather than imported (lib/search-params): a chunk of its own would cost the
  // Home tab's budget (decision 108).
  const openedFromIcon = useEffectEvent((kind: ShortcutNewKind) => keyActions[kind === "task" ? "newTask" : "newEvent"]());
  useEffect(() => {
    const address = new URL(window.location.href);
    const kind = address.searchParams.get("new");
    if (!kind) return;
    address.searchParams.delete("new");
    window.history.replaceState(window.history.state, "", address);
    if (kind === "task" || kind === "event") openedFromIcon(kind);
  }, []);
  usePushBinding(user.id);
  // Changes made offline wait, kept on the device, and go when the server answers (decision 116).
  // That part starts itself for whoever is signed in, loaded once the first screen is up and idle,
  // and the app icon's badge with it (decision 119).
  const [idle, setIdle] = useState(false);
  useEffect(
    () =>
      whenIdle(() => {
        setIdle(true);
        void import("@/app/offline-edits");
      }),
    [],
  );
  const keys = useOnDemand(keyboardShortcuts, idle).module;
  // Back from confirming the account's deletion with its provider (/?confirm=delete-account, or
  // /?sso_error=<code>): Settings opens its delete confirmation by itself (issue 35), and reads the rest.
  const [providerReturned] = useState(() => /[?&](?:confirm|sso_error)=/.test(window.location.search));
  const taskRequest = { createRequested: createRequest === "task", onCreateOpened: createOpened };
  // The overdue count beside Tasks in the sidebar: the same list the tabs read (one request).
  const { data: tasks } = useTasks();
  const { today } = useToday(timeZone);
  const overdue = useMemo(() => (tasks ? countTasks(tasks, today).overdue : 0), [tasks, today]);
  // "Complete Your Setup" opens by itself while the student has no classes (docs/product.md#class-setup);
  // closed, it waits for Settings → Edit Classes or the next visit. Staff (an admin account) are not
  // students and are not asked on every visit (issue 49): Settings → Edit Classes is theirs too.
  const [classEditorOpen, setClassEditorOpen] = useState(() => user.userClasses.length === 0 && !user.isAdmin && !providerReturned);
  const [editorStep, setEditorStep] = useState<ClassEditorStart>("classes");
  const editor = useOnDemand(classEditor, classEditorOpen, () => {
    showDownloadFailed(t("dashboard.the_class_editor"));
    setClassEditorOpen(false);
  }).module;

  const tabs: DashboardTab[] = [
    {
      id: "home",
      label: t("dashboard.tab_home"),
      icon: House,
      content: (
        <HomeTab
          {...tabProps}
          {...taskRequest}
          {...quickAdd}
          notifications={<NotificationsCard />}
          onOpenPlan={() => navigate(ROUTES.plan)}
          onOpenFocus={() => navigate(ROUTES.focus)}
        />
      ),
    },
    {
      id: "todo",
      label: t("dashboard.tab_tasks"),
      icon: ListTodo,
      badge: overdue ? { count: overdue, description: t("dashboard.overdue_count", { count: overdue }) } : undefined,
      content: (
        <OnDemandTab part={tasksTab} loadingText="tasks.loading_tasks" failedText="tasks.load_failed">
          {({ TasksTab }) => <TasksTab {...tabProps} {...taskRequest} {...quickAdd} />}
        </OnDemandTab>
      ),
    },
    {
      id: "calendar",
      label: t("dashboard.tab_calendar"),
      icon: CalendarDays,
      content: (
        <OnDemandTab part={calendarTab} loadingText="dashboard.loading_calendar" failedText="dashboard.calendar_load_failed">
          {({ CalendarTab }) => (
            <CalendarTab user={user} timeZone={timeZone} createRequested={createRequest === "event"} onCreateOpened={createOpened} />
          )}
        </OnDemandTab>
      ),
    },
  ];

  return (
    <DashboardLayout
      user={user}
      tabs={tabs}
      activeTab={activeTab}
      onTabChange={setActiveTab}
      onEditClasses={(step = "classes") => {
        setEditorStep(step);
        setClassEditorOpen(true);
      }}
      providerReturned={providerReturned}
      add={
        activeTab === "calendar"
          ? { label: t("dashboard.add_an_event"), onAdd: () => requestCreate("event") }
          : { label: t("dashboard.add_a_task"), onAdd: () => requestCreate("task") }
      }
    >
      {editor && (
        <editor.ClassEditorDialog user={user} open={classEditorOpen} onClose={() => setClassEditorOpen(false)} startAt={editorStep} />
      )}
      {keys && <keys.KeyboardShortcuts actions={keyActions} />}
      {shortcuts && <shortcuts.KeyboardShortcutsDialog open={shortcutsOpen} onOpenChange={setShortcutsOpen} />}
    </DashboardLayout>
  );
}
