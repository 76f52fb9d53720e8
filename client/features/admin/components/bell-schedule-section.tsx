import type { SchoolSchedule } from "@core/school-day";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { useT } from "@/lib/i18n";
import { usePublishedSchedule } from "../api/school-admin";
import { ScheduleEditor } from "./school-schedule-editor";

const DEFAULT_SCHEDULE: SchoolSchedule = {
  schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
  bellTimes: [{ period: 1, start: "08:00", end: "08:50" }],
};

/**
 * The school's bell schedule (decision 112): school days, the usual bell times and the alternates
 * (a 2-hour delay filled in one press), the rotation and its anchor, and days off, published with
 * PUT. The student's School Day editor saves the student's own schedule and preferences, so staff
 * get this editor of the school's own: with a rotation, each rotation day may ring its own times
 * (bellTimesByDay, an alternate's too) and meet its own periods (periodsByDay). The whole document
 * is checked by the API's schema before it is sent, its refusals worded under their fields.
 */
export function BellScheduleSection() {
  const t = useT();
  const published = usePublishedSchedule();
  return (
    <section aria-labelledby="admin-bell-schedule-heading" className="grid gap-4">
      <h2 id="admin-bell-schedule-heading" className="text-lg font-semibold">
        {t("admin.bell_schedule")}
      </h2>
      {published.isPending ? (
        <LoadingState label={t("admin.loading_bell_schedule")} />
      ) : published.isError ? (
        <ErrorState
          message={t("admin.bell_schedule_load_error")}
          onRetry={() => void published.refetch()}
          retryLabel={t("admin.try_again")}
          size="sm"
        />
      ) : (
        <>
          {published.data === null && <p className="text-sm text-muted-foreground">{t("admin.bell_schedule_unpublished")}</p>}
          <ScheduleEditor initial={published.data ?? DEFAULT_SCHEDULE} />
        </>
      )}
    </section>
  );
}
