import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useLocale, useT } from "@/lib/i18n";
import { quickFill } from "./bell-times";
import { QuickFill } from "./quick-fill";
import { ScheduleField } from "./schedule-field";
import { bellLabel, type ScheduleEditorValues } from "./schedule-values";
import { QUICK_FILL_FIELDS, type NumberValidity } from "./use-number-validity";

/**
 * The student's bell times: the quick fill, then a start and an end for each period their classes
 * fill (the form's `bellTimes`, one row per period, named "1st period · Chemistry").
 */
export function ClassBellTimes({ validity }: { validity: NumberValidity }) {
  const t = useT();
  const words = { t, locale: useLocale() };
  const { control, getValues, setValue } = useFormContext<ScheduleEditorValues>();
  const bells = useWatch({ control, name: "bellTimes" });
  const [fillTried, setFillTried] = useState(0);
  const fill = () => {
    if (QUICK_FILL_FIELDS.some((name) => validity.invalid.has(name))) setFillTried((n) => n + 1);
    else setValue("bellTimes", quickFill(getValues("bellTimes"), getValues("quickFill")));
  };
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium">{t("classes.bell_times")}</legend>
      {bells.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("classes.bell_times_need_classes")}</p>
      ) : (
        <>
          <QuickFill onFill={fill} fillTried={fillTried} validity={validity} />
          <ul className="grid gap-2" aria-label={t("classes.bell_times")}>
            {bells.map((bell, index) => {
              const label = bellLabel(bell, words);
              return (
                <li key={bell.period} className="grid gap-1">
                  <span className="text-sm">{label}</span>
                  <div className="grid grid-cols-2 items-start gap-2">
                    <ScheduleField
                      name={`bellTimes.${index}.start`}
                      label={t("classes.bell_starts", { period: label })}
                      hiddenLabel
                      type="time"
                    />
                    <ScheduleField
                      name={`bellTimes.${index}.end`}
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
