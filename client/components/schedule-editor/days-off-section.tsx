import { PlusIcon, Trash2Icon } from "lucide-react";
import { useFormContext } from "react-hook-form";
import { MAX_DAYS_OFF } from "@core/schemas/school-schedule";
import { useListField } from "@/components/form/use-list-field";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { ScheduleDateField, ScheduleField } from "./schedule-field";
import type { ScheduleEditorValues } from "./schedule-values";

/**
 * Days off (the form's `daysOff`, a field array): holidays and breaks, each a range of dates with a
 * name. With `today` (staff's page), the dates come from the app's date picker, and picking a
 * start sets the end too while it is unset (a picked date cannot be cleared, so the end is never
 * left behind); typed dates (the student's step) leave the end to the document, which ends a day
 * off without one on its start.
 */
export function DaysOffSection({ today }: { today?: string }) {
  const t = useT();
  const form = useFormContext<ScheduleEditorValues>();
  const { getValues, setValue } = form;
  const { keys, items: daysOff, append, remove } = useListField(form, "daysOff");
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium">{t("classes.days_off")}</legend>
      {keys.length === 0 && <p className="text-sm text-muted-foreground">{t("classes.no_days_off")}</p>}
      <ul className="grid gap-3" aria-label={t("classes.days_off")}>
        {keys.map((key, index) => {
          const label = daysOff[index]?.label ?? "";
          return (
            <li key={key} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end">
              <ScheduleDateField
                name={`daysOff.${index}.from`}
                label={t("classes.day_off_from")}
                today={today}
                onValueChange={(from) => {
                  if (today !== undefined && !getValues(`daysOff.${index}.to`)) setValue(`daysOff.${index}.to`, from);
                }}
              />
              <ScheduleDateField name={`daysOff.${index}.to`} label={t("classes.day_off_to")} today={today} />
              <ScheduleField name={`daysOff.${index}.label`} label={t("classes.day_off_name")} />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={label ? t("classes.remove_day_off", { name: label }) : t("classes.remove_this_day_off")}
                onClick={() => remove(index)}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
      {keys.length < MAX_DAYS_OFF && (
        <Button type="button" variant="outline" className="h-11 border-dashed" onClick={() => append({ from: "", to: "", label: "" })}>
          <PlusIcon aria-hidden="true" /> {t("classes.add_day_off")}
        </Button>
      )}
    </fieldset>
  );
}
