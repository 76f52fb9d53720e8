import { PlayIcon } from "lucide-react";
import type { PlanBlock } from "@core/schemas/plan";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { blockTitle } from "../utils/focus-timer";

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
