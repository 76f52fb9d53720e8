import { type ReactNode, useEffect, useState } from "react";
import { shownAnnouncements } from "@core/announcements";
import type { User } from "@core/api-types";
import { clockTimeIn } from "@core/dates";
import { formatFullDate } from "@core/format";
import { greeting } from "@core/greeting";
import { useSchoolAnnouncements } from "@/api/school/announcements";
import { TodaysSchedule } from "@/app/screens/dashboard/todays-schedule";
import type { QuickAddRequest } from "@/features/tasks/types/quick-add";
import { UrgentTasksCard } from "@/features/tasks/components/urgent-tasks-card";
import { useToday } from "@/hooks/use-today";
import { useLocale, useT } from "@/lib/i18n";
import { onDemand, useOnDemand } from "@/lib/on-demand";
import { openedByShare } from "@core/app-icon";
import { whenIdle } from "@/lib/when-idle";

// Quick add's field comes once the first screen is up and the browser idle (decision 102's budget),
// or at once when asked for (the `n` key, a share from another app); its slot is kept meanwhile, so nothing moves.
const quickAddPart = onDemand(() => import("@/features/tasks/components/quick-add-field"));
// The study plan's Tonight card (issue 51) comes once the first screen is up and the browser idle.
const tonightCard = onDemand(() => import("@/features/plan/components/tonight-card"));
// Downloaded only when the school has said something this week (most mornings it has not).
const announcementsCard = onDemand(() => import("@/features/school/components/school-announcements-card"));

type HomeTabProps = {
  user: User;
  /** The school's time zone (GET /api/settings/public `timeZone`). */
  timeZone: string;
  /** The notifications card (the push feature's). */
  notifications?: ReactNode;
  /** The app asks for the Add Task dialog (a shortcut, the floating add button). */
  createRequested?: boolean;
  onCreateOpened?: () => void;
  /** The app asks for quick add (the `n` key, a share): its field takes it. */
  quickAddRequest?: QuickAddRequest | null;
  onQuickAddTaken?: () => void;
  /** Opens the study plan's screen (the Tonight card's way to the whole plan). */
  onOpenPlan?: () => void;
  /** Opens the focus timer's screen (a study block's Start, a running timer's way back). */
  onOpenFocus?: () => void;
};

/**
 * The Home tab (docs/product.md#home-tab): greeting, the school's announcements, Today's Schedule and the task card. Composed
 * here, in app/, so that tasks, events and notifications can sit side by side without one feature
 * importing another.
 */
export function HomeTab({
  user,
  timeZone,
  notifications,
  createRequested,
  onCreateOpened,
  quickAddRequest,
  onQuickAddTaken,
  onOpenPlan,
  onOpenFocus,
}: HomeTabProps) {
  const { now, today } = useToday(timeZone);
  const t = useT();
  const locale = useLocale();
  // A 404 (no announcements on this server yet) or any failure: no card.
  const announcements = useSchoolAnnouncements().data;
  const recent = announcements ? shownAnnouncements(announcements, now.getTime()) : [];
  const card = useOnDemand(announcementsCard, recent.length > 0).module;
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  // A share from another app (/?share_title=…) opens on Home: the field comes at once for it.
  const [shared] = useState(() => openedByShare(window.location.search));
  const quickAdd = useOnDemand(quickAddPart, idle || shared || Boolean(quickAddRequest)).module;
  const tonight = useOnDemand(tonightCard, idle && onOpenPlan !== undefined && onOpenFocus !== undefined).module;
  return (
    <section aria-labelledby="home-greeting" className="flex flex-col gap-5">
      <div>
        <h2 id="home-greeting" className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
          {greeting(now, timeZone, user.firstName, t)}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{formatFullDate(now, timeZone, locale)}</p>
      </div>

      {quickAdd ? (
        <quickAdd.QuickAddField user={user} timeZone={timeZone} request={quickAddRequest} onRequestTaken={onQuickAddTaken} />
      ) : (
        <div className="h-10" />
      )}

      {notifications}

      {card && recent.length > 0 && <card.SchoolAnnouncementsCard userId={user.id} announcements={recent} />}

      {tonight && onOpenPlan && onOpenFocus && <tonight.TonightCard userId={user.id} onOpenPlan={onOpenPlan} onOpenFocus={onOpenFocus} />}

      {/* grid-cols-1 is minmax(0, 1fr): a long unbroken word in a task title must wrap, not widen the page. */}
      <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-2">
        <TodaysSchedule user={user} today={today} nowTime={clockTimeIn(timeZone, now)} PlannedRows={tonight?.PlannedRows} />
        <UrgentTasksCard user={user} today={today} createRequested={createRequested} onCreateOpened={onCreateOpened} />
      </div>
    </section>
  );
}
