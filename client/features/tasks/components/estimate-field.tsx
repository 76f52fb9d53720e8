import type { Control } from "react-hook-form";
import { formatDuration } from "@core/format";
import { ESTIMATE_MINUTES } from "@core/schemas/task";
import { Button } from "@/components/ui/button";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { useT } from "@/lib/i18n";
import type { TaskFormValues } from "../utils/task-form-values";

/** The times most homework takes: one press each. */
const QUICK_CHOICES = [15, 30, 45, 60, 90, 120] as const;

/**
 * "Time needed" (issue 51): the minutes a task is expected to take, typed or picked from the quick
 * choices; empty for none. The study plan places that much before the due date.
 */
export function EstimateField({ control }: { control: Control<TaskFormValues, unknown, unknown> }) {
  const t = useT();
  return (
    <FormField
      control={control}
      name="estimateMinutes"
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t("tasks.time_needed")}</FormLabel>
          <div className="flex flex-wrap items-center gap-2">
            <FormControl>
              <Input
                {...field}
                type="number"
                inputMode="numeric"
                min={ESTIMATE_MINUTES.min}
                max={ESTIMATE_MINUTES.max}
                step={5}
                className="w-24"
              />
            </FormControl>
            <div role="group" aria-label={t("tasks.time_needed_choices")} className="flex flex-wrap gap-1">
              {QUICK_CHOICES.map((minutes) => {
                const on = field.value === String(minutes);
                return (
                  <Button
                    key={minutes}
                    type="button"
                    size="sm"
                    variant={on ? "default" : "outline"}
                    aria-pressed={on}
                    className="h-9"
                    onClick={() => field.onChange(on ? "" : String(minutes))}
                  >
                    {formatDuration(minutes, t)}
                  </Button>
                );
              })}
            </div>
          </div>
          <FormDescription>{t("tasks.time_needed_hint")}</FormDescription>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
