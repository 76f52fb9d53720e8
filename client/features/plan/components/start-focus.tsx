import { PlayIcon } from "lucide-react";
import type { Translate } from "@core/i18n/translate";
import type { PlanBlock } from "@core/schemas/plan";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import type { FocusTimer } from "../utils/focus-timer";

/** A block as the plan names it: the task's title, or "Revise: {exam}". */
export function blockTitle(block: PlanBlock, t: Translate): string {
  return block.kind === "exam-prep" ? t("plan.revise", { title: block.title }) : block.title;
}

/** What a timer started from a block counts on: the block's task (an exam's revision counts on no task) and its name. */
export function focusOn(block: PlanBlock, t: Translate): Pick<FocusTimer, "taskId" | "title"> {
  return { taskId: block.kind === "task" ? block.taskId : null, title: blockTitle(block, t) };
}

/** A study block's Start: a focus timer on it, at once. */
export function StartFocusButton({ block, onStart }: { block: PlanBlock; onStart: (block: PlanBlock) => void }) {
  const t = useT();
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={t("plan.start_focus_on", { title: blockTitle(block, t) })}
      onClick={() => onStart(block)}
    >
      <PlayIcon aria-hidden="true" /> {t("plan.start")}
    </Button>
  );
}
