import { type ReactNode, useId } from "react";
import { rotationDayName } from "@core/school-day";
import { MAX_ROTATION_DAYS } from "@core/schemas/school-schedule";
import type { Translate } from "@core/i18n/translate";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Switch } from "@/components/ui/switch";
import { useT } from "@/lib/i18n";
import type { NumberValidity } from "../hooks/use-number-validity";
import { type RotationKind, rotationLabels, type SchoolDayFormState } from "../utils/school-day-form";
import { PeriodsByDayTable } from "./periods-by-day-table";
import { SchoolDayField } from "./school-day-field";
import { WholeNumberField } from "./whole-number-field";

type RotationFieldsetProps = {
  state: SchoolDayFormState;
  set: (change: Partial<SchoolDayFormState>) => void;
  /** Goes up with each refused Save: the cycle's number field then says what it takes. */
  tried: number;
  validity: NumberValidity;
};

/** The rotation: none, A/B days or a cycle of days, which day a date is, and which periods meet on each. */
export function RotationFieldset({ state, set, tried, validity }: RotationFieldsetProps) {
  const t = useT();
  const days = rotationLabels(state.rotationKind, state.cycleLength);
  const differId = useId();
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium">{t("classes.rotation")}</legend>
      <SelectField
        name="rotationKind"
        label={t("classes.timetable")}
        value={state.rotationKind}
        onChange={(kind) => set({ rotationKind: kind as RotationKind, anchorDay: "" })}
      >
        <option value="none">{t("classes.timetable_same")}</option>
        <option value="ab">{t("classes.timetable_ab")}</option>
        <option value="cycle">{t("classes.timetable_cycle")}</option>
      </SelectField>
      {state.rotationKind === "cycle" && (
        <WholeNumberField
          name="cycleLength"
          label={t("classes.days_in_cycle")}
          value={state.cycleLength}
          min={2}
          max={MAX_ROTATION_DAYS}
          onChange={(n) => set({ cycleLength: n, anchorDay: "" })}
          onValidityChange={validity.reporters.cycleLength}
          checkRequest={tried}
        />
      )}
      {days.length > 0 && (
        <>
          <div className="grid grid-cols-2 items-start gap-2">
            <SchoolDayField
              name="rotation.anchorDate"
              label={t("classes.anchor_date")}
              type="date"
              value={state.anchorDate}
              onChange={(v) => set({ anchorDate: v })}
            />
            <SelectField
              name="rotation.anchorDay"
              label={t("classes.anchor_day")}
              value={days.includes(state.anchorDay) ? state.anchorDay : days[0]!}
              onChange={(day) => set({ anchorDay: day })}
            >
              {days.map((day) => (
                <option key={day} value={day}>
                  {state.rotationKind === "ab" ? abDayName(t, day) : rotationDayName(day, t)}
                </option>
              ))}
            </SelectField>
          </div>
          <p className="text-sm text-muted-foreground">{t("classes.rotation_hint")}</p>
          <div className="flex items-center gap-3 text-sm">
            <Switch id={differId} checked={state.differByDay} onCheckedChange={(on) => set({ differByDay: on })} />
            <label htmlFor={differId}>{t("classes.differ_by_day")}</label>
          </div>
          {state.differByDay && (
            <PeriodsByDayTable
              bells={state.bells}
              days={days}
              periodsByDay={state.periodsByDay}
              onChange={(periodsByDay) => set({ periodsByDay })}
            />
          )}
        </>
      )}
    </fieldset>
  );
}

type SelectFieldProps = { name: string; label: string; value: string; onChange: (value: string) => void; children: ReactNode };

/** A native select through the form kit: its label, state and message. */
function SelectField({ name, label, value, onChange, children }: SelectFieldProps) {
  return (
    <FormField
      name={name}
      render={() => (
        <FormItem className="gap-1">
          <FormLabel className="font-normal">{label}</FormLabel>
          <FormControl>
            <select className="h-10 rounded-md border bg-background px-3 text-sm" value={value} onChange={(e) => onChange(e.target.value)}>
              {children}
            </select>
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/**
 * "an A day", "a B day": the article goes by how the label is said. A single letter is said by
 * its name ("an F", "an S", "a B"); a word by its first letter ("an Even day", "a Blue day").
 * Spanish has none ("día A").
 */
function abDayName(t: Translate, day: string): string {
  const saidWithVowel = day.length === 1 ? /[aefhilmnorsx]/i.test(day) : /^[aeiou]/i.test(day);
  return saidWithVowel ? t("classes.ab_day_an", { day }) : t("classes.ab_day_a", { day });
}
