import { type UseFormReturn, useWatch } from "react-hook-form";
import { PREP_MINUTES } from "@core/schemas/event";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { useT } from "@/lib/i18n";
import type { EventFormValues } from "../utils/event-form-schema";

/**
 * What the study plan needs of an event (issue 51): when an event with a time ends (without an
 * end it keeps the student busy for an hour), and how much revision an exam wants before it.
 */
export function EventPlanFields({ form }: { form: UseFormReturn<EventFormValues, unknown, unknown> }) {
  const t = useT();
  const [time, eventType] = useWatch({ control: form.control, name: ["time", "eventType"] });
  if (!time && eventType !== "exam") return null;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {time && (
        <FormField
          control={form.control}
          name="endTime"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("calendar.end_time")}</FormLabel>
              <FormControl>
                <Input type="time" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
      )}
      {eventType === "exam" && (
        <FormField
          control={form.control}
          name="prepMinutes"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("calendar.prep_minutes")}</FormLabel>
              <FormControl>
                <Input type="number" inputMode="numeric" min={PREP_MINUTES.min} max={PREP_MINUTES.max} step={15} {...field} />
              </FormControl>
              <FormDescription>{t("calendar.prep_minutes_hint")}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
      )}
    </div>
  );
}
