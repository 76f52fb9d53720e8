import { PlusIcon, Trash2Icon } from "lucide-react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { MAX_DAYS_OFF } from "@core/schemas/school-schedule";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import type { SchoolDayFormValues } from "../utils/school-day-form";
import { SchoolDayField } from "./school-day-field";

/** Days off (the form's `daysOff`, a field array): holidays and breaks, each a range of dates with a name. */
export function DaysOffFieldset() {
  const t = useT();
  const { control } = useFormContext<SchoolDayFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: "daysOff" });
  const daysOff = useWatch({ control, name: "daysOff" });
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium">{t("classes.days_off")}</legend>
      {fields.length === 0 && <p className="text-sm text-muted-foreground">{t("classes.no_days_off")}</p>}
      <ul className="grid gap-3" aria-label={t("classes.days_off")}>
        {fields.map((dayOff, index) => {
          const label = daysOff[index]?.label ?? "";
          return (
            <li key={dayOff.id} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end">
              <SchoolDayField name={`daysOff.${index}.from`} label={t("classes.day_off_from")} type="date" />
              <SchoolDayField name={`daysOff.${index}.to`} label={t("classes.day_off_to")} type="date" />
              <SchoolDayField name={`daysOff.${index}.label`} label={t("classes.day_off_name")} />
              <Button
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
      {fields.length < MAX_DAYS_OFF && (
        <Button
          variant="outline"
          className="h-11 border-dashed"
          onClick={() => append({ from: "", to: "", label: "" }, { shouldFocus: false })}
        >
          <PlusIcon aria-hidden="true" /> {t("classes.add_day_off")}
        </Button>
      )}
    </fieldset>
  );
}
