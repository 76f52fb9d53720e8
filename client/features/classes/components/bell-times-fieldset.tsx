import { useLocale, useT } from "@/lib/i18n";
import type { NumberValidity } from "@/components/schedule-editor/use-number-validity";
import { type BellRow, bellFieldName, bellLabel } from "../utils/school-day-form";
import { QuickFill } from "./quick-fill";
import { SchoolDayField } from "./school-day-field";

type BellTimesFieldsetProps = {
  /** The periods the classes fill, one row each (their times are the form's `bells.N.start` and `.end`). */
  bells: readonly BellRow[];
  onFill: () => void;
  fillTried: number;
  validity: NumberValidity;
};

/** Bell times: the quick fill, then each period's start and end, named "1st period · Chemistry". */
export function BellTimesFieldset({ bells, ...quickFill }: BellTimesFieldsetProps) {
  const t = useT();
  const words = { t, locale: useLocale() };
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium">{t("classes.bell_times")}</legend>
      {bells.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("classes.bell_times_need_classes")}</p>
      ) : (
        <>
          <QuickFill {...quickFill} />
          <ul className="grid gap-2" aria-label={t("classes.bell_times")}>
            {bells.map((bell, index) => {
              const label = bellLabel(bell, words);
              return (
                <li key={bell.period} className="grid gap-1">
                  <span className="text-sm">{label}</span>
                  <div className="grid grid-cols-2 items-start gap-2">
                    <SchoolDayField
                      name={bellFieldName(index, "start")}
                      label={t("classes.bell_starts", { period: label })}
                      hiddenLabel
                      type="time"
                    />
                    <SchoolDayField
                      name={bellFieldName(index, "end")}
                      label={t("classes.bell_ends", { period: label })}
                      hiddenLabel
                      type="time"
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </fieldset>
  );
}
