import { i18n, type Messages } from "@lingui/core";
import { ArrowLeft } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation, useSearch } from "wouter";
import type { User } from "@core/api-types";
import { messages as englishGrades } from "@core/i18n/compiled/en/grades";
import { messages as spanishGrades } from "@core/i18n/compiled/es/grades";
import { classNameKey } from "@core/classes";
import { useGrades } from "@/features/grades/api/grades";
import { ClassGrades, GradesOverview } from "@/features/grades/components/grades-view";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { Button } from "@/components/ui/button";
import { screenTitle, useDocumentTitle } from "@/hooks/use-document-title";
import { todayIn } from "@core/dates";
import { useT } from "@/lib/i18n";
import { gradesHref } from "@/lib/grades-href";
import { ROUTES } from "@/lib/routes";

// Its words (the `grades` group) come with it in both languages, as the study plan's do.
i18n.load("en", englishGrades as Messages);
i18n.load("es", spanishGrades as Messages);

/**
 * /grades (issue 53): the student's own grades, their GPA and each class's page (`?class=`), its
 * own screen beside the dashboard's three tabs, reached from the sidebar (the drawer on a phone).
 */
export function GradesScreen({ user: _user }: { user: User }) {
  const t = useT();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  // The device's today: a new grade's date, which the student may change. The school's zone would
  // come with the public settings' read, whose module shared with this chunk splits off Home's (the budget).
  const [today] = useState(() => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone));
  const grades = useGrades();
  // "Add grade" from a task or an exam opens once: its details leave the address, so a reload does not open it again.
  const [fill] = useState(() => (params.get("add") ? { name: params.get("name") ?? "", date: params.get("date") || today } : null));
  useEffect(() => {
    // Spelled out rather than lib/search-params' dropSearchParams: a chunk of its own would cost Home's budget.
    if (fill)
      window.history.replaceState(window.history.state, "", gradesHref(new URLSearchParams(window.location.search).get("class") ?? ""));
  }, [fill]);
  const subject = params.get("class");
  const gradesClass = subject ? grades.data?.classes.find((c) => classNameKey(c.subject) === classNameKey(subject)) : undefined;
  useDocumentTitle(screenTitle(gradesClass ? `${gradesClass.subject} · ${t("grades.title")}` : t("grades.title")));
  return (
    <main className="mx-auto flex min-h-(--page-height) w-full max-w-3xl flex-col gap-6 px-3 py-6 sm:px-6" aria-labelledby="grades-heading">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="grades-heading" className="text-2xl font-bold tracking-tight">
          {t("grades.title")}
        </h1>
        <Button asChild variant="ghost">
          <Link href={ROUTES.home}>
            <ArrowLeft aria-hidden="true" /> {t("dashboard.tab_home")}
          </Link>
        </Button>
      </header>
      {grades.isPending ? (
        <LoadingState label={t("grades.loading")} className="py-12" />
      ) : grades.isError ? (
        <ErrorState message={t("grades.load_failed")} onRetry={() => void grades.refetch()} className="py-12" />
      ) : gradesClass ? (
        <ClassGrades
          key={gradesClass.subject}
          grades={grades.data}
          gradesClass={gradesClass}
          today={today}
          fill={fill}
          onBack={() => navigate(ROUTES.grades)}
        />
      ) : (
        <GradesOverview grades={grades.data} onOpenClass={(s) => navigate(gradesHref(s))} />
      )}
    </main>
  );
}
