import { WEEKDAY_NAMES, type WeekdayName } from "@core/day-numbers";
import { weekdayLabel } from "@core/format";
import { Button } from "@/components/ui/button";
import { FormField, FormItem, FormMessage } from "@/components/ui/form";
import { useLocale, useT } from "@/lib/i18n";

/** Which weekdays are school days (the form's `schoolDays`): one pressed button per weekday; the message under them (form kit). */
export function SchoolDaysSection() {
  const t = useT();
  const locale = useLocale();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium">{t("classes.school_days")}</legend>
      <FormField
        name="schoolDays"
        render={({ field }) => {
          const schoolDays = field.value as WeekdayName[];
          return (
            <FormItem>
              <div className="flex flex-wrap gap-2">
                {WEEKDAY_NAMES.map((day, index) => {
                  const on = schoolDays.includes(day);
                  return (
                    <Button
                      key={day}
                      type="button"
                      size="sm"
                      variant={on ? "default" : "outline"}
                      aria-pressed={on}
                      className="h-9"
                      onClick={() => field.onChange(on ? schoolDays.filter((d) => d !== day) : [...schoolDays, day])}
                    >
                      {weekdayLabel(index, locale)}
                    </Button>
                  );
                })}
              </div>
              <FormMessage />
            </FormItem>
          );
        }}
      />
    </fieldset>
  );
}
