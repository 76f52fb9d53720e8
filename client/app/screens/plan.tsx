// The study plan's two screens, /plan and /focus, in one module: the dashboard loads them with one
// import, whose list of chunks to preload is then written once in its own chunk (Home's budget).
import { ArrowLeft } from "lucide-react";
import { Link, useLocation } from "wouter";
import type { User } from "@core/api-types";
import { FocusTimerPanel } from "@/features/plan/components/focus-timer";
import { PlanView } from "@/features/plan/components/plan-view";
import { useFocusTimer } from "@/features/plan/hooks/use-focus-timer";
import { clockText, focusPhaseText, remainingMs } from "@/features/plan/utils/focus-timer";
import { Button } from "@/components/ui/button";
import { screenTitle, useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n";
import { ROUTES } from "@/lib/routes";

/**
 * /plan: the study plan's week (issue 51), its own screen beside the dashboard's three tabs
 * (docs/product.md keeps three), reached from Home's Tonight card. The plan's words come with its view.
 */
export function PlanScreen({ user }: { user: User }) {
  const t = useT();
  const [, navigate] = useLocation();
  const focus = useFocusTimer(user.id);
  useDocumentTitle(screenTitle(t("plan.title")));
  return (
    <main className="mx-auto flex min-h-(--page-height) w-full max-w-3xl flex-col gap-6 px-3 py-6 sm:px-6" aria-labelledby="plan-heading">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="plan-heading" className="text-2xl font-bold tracking-tight">
          {t("plan.title")}
        </h1>
        <Button asChild variant="ghost">
          <Link href={ROUTES.home}>
            <ArrowLeft aria-hidden="true" /> {t("plan.back_home")}
          </Link>
        </Button>
      </header>
      <PlanView
        onStartFocus={(block) => {
          focus.startOnBlock(block);
          navigate(ROUTES.focus);
        }}
      />
    </main>
  );
}

/**
 * /focus: the focus timer (issue 51, decision 131), started here or from a study block on Home or
 * on the plan. While it runs, the tab's title shows the time left, so a student in another tab sees it.
 */
export function FocusScreen({ user }: { user: User }) {
  const t = useT();
  const controls = useFocusTimer(user.id);
  const { timer } = controls;
  useDocumentTitle(
    screenTitle(timer ? `${clockText(remainingMs(timer, controls.now))} · ${focusPhaseText(timer, t)}` : t("plan.focus_title")),
  );
  return (
    <main className="mx-auto flex min-h-(--page-height) w-full max-w-xl flex-col gap-6 px-3 py-6 sm:px-6" aria-labelledby="focus-heading">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="focus-heading" className="text-2xl font-bold tracking-tight">
          {t("plan.focus_title")}
        </h1>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="ghost">
            <Link href={ROUTES.plan}>{t("plan.title")}</Link>
          </Button>
          <Button asChild variant="ghost">
            <Link href={ROUTES.home}>
              <ArrowLeft aria-hidden="true" /> {t("plan.back_home")}
            </Link>
          </Button>
        </div>
      </header>
      <FocusTimerPanel controls={controls} userId={user.id} />
    </main>
  );
}
