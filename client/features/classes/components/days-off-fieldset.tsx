import { PlusIcon, Trash2Icon } from "lucide-react";
import { MAX_DAYS_OFF } from "@core/schemas/school-schedule";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import type { DayOffRow } from "../utils/school-day-form";
import { SchoolDayField } from "./school-day-field";

type DaysOffFieldsetProps = {
  daysOff: readonly DayOffRow[];
  onChange: (daysOff: DayOffRow[]) => void;
};

/** Days off: holidays and breaks, each a range of dates with a name. */
export function DaysOffFieldset({ daysOff, onChange }: DaysOffFieldsetProps) {
  const t = useT();
  const change = (index: number, field: keyof DayOffRow, value: string) =>
    onChange(daysOff.map((d, i) => (i === index ? { ...d, [field]: value } : d)));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-2 font-medium">{t("classes.days_off")}</legend>
      {daysOff.length === 0 && <p className="text-sm text-muted-foreground">{t("classes.no_days_off")}</p>}
      <ul className="grid gap-3" aria-label={t("classes.days_off")}>
        {daysOff.map((dayOff, index) => (
          <li key={index} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end">
            <SchoolDayField
              name={`daysOff.${index}.from`}
              label={t("classes.day_off_from")}
              type="date"
              value={dayOff.from}
              onChange={(v) => change(index, "from", v)}
            />
            <SchoolDayField
              name={`daysOff.${index}.to`}
              label={t("classes.day_off_to")}
              type="date"
              value={dayOff.to}
              onChange={(v) => change(index, "to", v)}
            />
            <SchoolDayField
              name={`daysOff.${index}.label`}
              label={t("classes.day_off_name")}
              value={dayOff.label}
              onChange={(v) => change(index, "label", v)}
            />
            <Button
              variant="ghost"
              size="icon"
              aria-label={dayOff.label ? t("classes.remove_day_off", { name: dayOff.label }) : t("classes.remove_this_day_off")}
              onClick={() => onChange(daysOff.filter((_, i) => i !== index))}
            >
              <Trash2Icon aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      {daysOff.length < MAX_DAYS_OFF && (
        <Button variant="outline" className="h-11 border-dashed" onClick={() => onChange([...daysOff, { from: "", to: "", label: "" }])}>
          <PlusIcon aria-hidden="true" /> {t("classes.add_day_off")}
        </Button>
      )}
    </fieldset>
  );
}
