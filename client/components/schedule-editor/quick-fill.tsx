import { WandSparklesIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { ScheduleField } from "./schedule-field";
import type { NumberValidity } from "./use-number-validity";
import { WholeNumberField } from "./whole-number-field";

type QuickFillProps = {
  /** Fills the bell times from the form's `quickFill` settings. */
  onFill: () => void;
  /** Goes up with each refused Fill: the number fields then say what they take. */
  fillTried: number;
  validity: NumberValidity;
};

/** Periods of one length from a first start, a few minutes between, Lunch its own length: Fill Bell Times. */
export function QuickFill({ onFill, fillTried, validity }: QuickFillProps) {
  const t = useT();
  return (
    <div className="grid gap-2 rounded-md bg-muted/50 p-3">
      <p className="text-sm font-medium">{t("classes.quick_fill")}</p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <ScheduleField name="quickFill.firstStart" label={t("classes.first_period_starts")} type="time" />
        <WholeNumberField
          name="quickFill.periodMinutes"
          label={t("classes.period_minutes")}
          min={1}
          max={240}
          onValidityChange={validity.reporters.periodMinutes}
          checkRequest={fillTried}
        />
        <WholeNumberField
          name="quickFill.passingMinutes"
          label={t("classes.between_minutes")}
          min={0}
          max={60}
          onValidityChange={validity.reporters.passingMinutes}
          checkRequest={fillTried}
        />
        <WholeNumberField
          name="quickFill.lunchMinutes"
          label={t("classes.lunch_minutes")}
          min={1}
          max={240}
          onValidityChange={validity.reporters.lunchMinutes}
          checkRequest={fillTried}
        />
      </div>
      <Button variant="outline" className="justify-self-start" onClick={onFill}>
        <WandSparklesIcon aria-hidden="true" /> {t("classes.fill_bell_times")}
      </Button>
    </div>
  );
}
