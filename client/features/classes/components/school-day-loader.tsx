import type { User } from "@core/api-types";
import { useSchoolSchedule } from "@/api/user/school-schedule";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { Button } from "@/components/ui/button";
import { DialogTitle } from "@/components/ui/dialog";
import { errorMessage } from "@/lib/api/errors";
import { useT } from "@/lib/i18n";
import { type DismissAction, dismissLabel, SchoolDayStep } from "./school-day-step";

type SchoolDayLoaderProps = { user: User; onDone: () => void; dismiss: DismissAction };

/** The School Day step once the saved school day is here; while it loads, or when it cannot, says so. */
export function SchoolDayLoader({ user, onDone, dismiss }: SchoolDayLoaderProps) {
  const t = useT();
  const schedule = useSchoolSchedule();
  if (schedule.isPending) return <LoadingState label={t("classes.loading_school_day")} />;
  if (schedule.isError)
    return (
      <div className="grid gap-3 p-6">
        <DialogTitle>{t("classes.school_day")}</DialogTitle>
        <ErrorState
          message={t("classes.school_day_load_failed", { error: errorMessage(schedule.error) })}
          onRetry={() => void schedule.refetch()}
          retryLabel={t("classes.try_again")}
        />
        <Button variant="outline" onClick={onDone}>
          {dismissLabel(t, dismiss)}
        </Button>
      </div>
    );
  return <SchoolDayStep schedule={schedule.data} userClasses={user.userClasses} onDone={onDone} dismiss={dismiss} />;
}
