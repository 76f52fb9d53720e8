import { type ReactNode, useId } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { rotationDayName } from "@core/school-day";
import { MAX_ROTATION_DAYS } from "@core/schemas/school-schedule";
import type { Translate } from "@core/i18n/translate";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Switch } from "@/components/ui/switch";
import { useT } from "@/lib/i18n";
import type { NumberValidity } from "@/components/schedule-editor/use-number-validity";
import { type BellRow, rotationLabels, type SchoolDayFormValues } from "../utils/school-day-form";
import { PeriodsByDayTable } from "./periods-by-day-table";
import { SchoolDayField } from "./school-day-field";
import { WholeNumberField } from "@/components/schedule-editor/whole-number-field";

type RotationFieldsetProps = {
  /** The periods the classes fill: the rows of the table of which meet on each rotation day. */
  bells: readonly BellRow[];
  /** Goes up with each refused Save: the cycle's number field then says what it takes. */
  tried: number;
  validity: NumberValidity;
};

/** The rotation: none, A/B days or a cycle of days, which day a date is, and which periods meet on each. */
export function RotationFieldset({ bells, tried, validity }: RotationFieldsetProps) {
  const t = useT();
  const { control, setValue } = useFormContext<SchoolDayFormValues>();
  const [rotationKind, cycleLength, differByDay] = useWatch({ control, name: ["rotationKind", "cycleLength", "differByDay"] });
  const days = rotationLabels(rotationKind, cycleLength);
  const differId = useId();
  // A new rotation's days: the anchor's day is its first again.
  const resetAnchorDay = () => setValue("anchorDay", "");
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium">{t("classes.rotation")}</legend>
      <SelectField name="rotationKind" label={t("classes.timetable")} onChange={resetAnchorDay}>
        <option value="none">{t("classes.timetable_same")}</option>
        <option value="ab">{t("classes.timetable_ab")}</option>
        <option value="cycle">{t("classes.timetable_cycle")}</option>
      </SelectField>
      {rotationKind === "cycle" && (
        <WholeNumberField
          name="cycleLength"
          label={t("classes.days_in_cycle")}
          min={2}
          max={MAX_ROTATION_DAYS}
          onChange={resetAnchorDay}
          onValidityChange={validity.reporters.cycleLength}
          checkRequest={tried}
        />
      )}
      {days.length > 0 && (
        <>
          <div className="grid grid-cols-2 items-start gap-2">
            <SchoolDayField name="anchorDate" label={t("classes.anchor_date")} type="date" />
            <SelectField name="anchorDay" label={t("classes.anchor_day")} shown={(day) => (days.includes(day) ? day : days[0]!)}>
              {days.map((day) => (
                <option key={day} value={day}>
                  {rotationKind === "ab" ? abDayName(t, day) : rotationDayName(day, t)}
                </option>
              ))}
            </SelectField>
          </div>
          <p className="text-sm text-muted-foreground">{t("classes.rotation_hint")}</p>
          <FormField
            name="differByDay"
            render={({ field }) => (
              <div className="flex items-center gap-3 text-sm">
                <Switch id={differId} checked={field.value as boolean} onCheckedChange={field.onChange} />
                <label htmlFor={differId}>{t("classes.differ_by_day")}</label>
              </div>
            )}
          />
          {differByDay && (
            <FormField
              name="periodsByDay"
              render={({ field }) => (
                <PeriodsByDayTable
                  bells={bells}
                  days={days}
                  periodsByDay={field.value as Record<string, number[]>}
                  onChange={field.onChange}
                />
              )}
            />
          )}
        </>
      )}
    </fieldset>
  );
}

type SelectFieldProps = {
  name: "rotationKind" | "anchorDay";
  label: string;
  /** What the select shows for the form's value (the anchor's day: the rotation's first until one is chosen). */
  shown?: (value: string) => string;
  /** After the field has set its value. */
  onChange?: () => void;
  children: ReactNode;
};

/** A native select through the form kit: its value, label, state and message. */
function SelectField({ name, label, shown = (value) => value, onChange, children }: SelectFieldProps) {
  return (
    <FormField
      name={name}
      render={({ field }) => (
        <FormItem className="gap-1">
          <FormLabel className="font-normal">{label}</FormLabel>
          <FormControl>
            <select
              className="h-10 rounded-md border bg-background px-3 text-sm"
              value={shown(field.value as string)}
              onChange={(e) => {
                field.onChange(e.target.value);
                onChange?.();
              }}
              onBlur={field.onBlur}
            >
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
