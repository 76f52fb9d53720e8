import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import type { User } from "@core/api-types";
import { FocusTimerPanel } from "@/features/plan/components/focus-timer";
import { useFocusTimer } from "@/features/plan/hooks/use-focus-timer";
import { clockText, focusPhaseText, remainingMs } from "@/features/plan/utils/focus-timer";
import { Button } from "@/components/ui/button";
import { screenTitle, useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n";
import { ROUTES } from "@/lib/routes";

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
