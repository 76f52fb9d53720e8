import type { ReactNode } from "react";
import type { User } from "@core/api-types";
import { zonedParts } from "@core/dates";
import { formatFullDate } from "@core/format";
import { greeting } from "@core/greeting";
import { TodaysSchedule } from "@/app/screens/dashboard/todays-schedule";
import { UrgentTasksCard } from "@/features/tasks/components/urgent-tasks-card";
import { useToday } from "@/hooks/use-today";
import { useLocale, useT } from "@/lib/i18n";

type HomeTabProps = {
  user: User;
  /** The school's time zone (GET /api/settings/public `timeZone`). */
  timeZone: string;
  /** The notifications card (the push feature's). */
  notifications?: ReactNode;
  /** The app asks for the Add Task dialog (a shortcut, the floating add button). */
  createRequested?: boolean;
  onCreateOpened?: () => void;
};

/**
 * The Home tab (docs/product.md#home-tab): greeting, Today's Schedule and the task card. Composed
 * here, in app/, so that tasks, events and notifications can sit side by side without one feature
 * importing another.
 */
export function HomeTab({ user, timeZone, notifications, createRequested, onCreateOpened }: HomeTabProps) {
  const { now, today } = useToday(timeZone);
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-labelledby="home-greeting" className="flex flex-col gap-5">
      <div>
        <h2 id="home-greeting" className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
          {greeting(now, timeZone, user.firstName, t)}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{formatFullDate(now, timeZone, locale)}</p>
      </div>

      {notifications}

      {/* grid-cols-1 is minmax(0, 1fr): a long unbroken word in a task title must wrap, not widen the page. */}
      <div className="grid grid-cols-1 items-start gap-5 lg:grid-cols-2">
        <TodaysSchedule user={user} today={today} nowTime={clockTime(now, timeZone)} />
        <UrgentTasksCard user={user} today={today} createRequested={createRequested} onCreateOpened={onCreateOpened} />
      </div>
    </section>
  );
}

/** HH:mm of an instant in the school's zone. */
function clockTime(now: Date, timeZone: string): string {
  const { hour, minute } = zonedParts(now, timeZone);
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}
