import type { RefCallBack } from "react-hook-form";
import { REMINDER_CHOICES, type ReminderTiming } from "@core/reminder-timings";
import { FormControl, FormDescription, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useT } from "@/lib/i18n";

export type ReminderChoice = ReminderTiming | "none";

type ReminderFieldProps = {
  value: ReminderChoice;
  onChange: (value: ReminderChoice) => void;
  onBlur: () => void;
  selectRef: RefCallBack;
  /** What the first timing is called: "At time of event", or "At due time" for a task. */
  atTimeLabel?: string;
  /** Why the choice is unavailable (a task without a due date), shown instead of the hint. */
  disabledReason?: string | null;
  /** The line under the choice, e.g. when an all-day event is reminded. */
  hint?: string;
};

/**
 * The Reminder choice of the event and task dialogs (docs/product.md#reminders): None, at the time,
 * 5, 15 or 30 minutes, 1 hour or 1 day before. Pushed to every device with notifications on.
 */
export function ReminderField({ value, onChange, onBlur, selectRef, atTimeLabel, disabledReason, hint }: ReminderFieldProps) {
  const disabled = Boolean(disabledReason);
  const t = useT();
  return (
    <FormItem>
      <FormLabel>{t("dashboard.reminder")}</FormLabel>
      <Select value={disabled ? "none" : value} onValueChange={(v) => onChange(v as ReminderChoice)} disabled={disabled}>
        <FormControl>
          <SelectTrigger onBlur={onBlur} ref={selectRef}>
            <SelectValue placeholder={t("dashboard.reminder_none")} />
          </SelectTrigger>
        </FormControl>
        <SelectContent>
          {REMINDER_CHOICES.map((choice) => (
            <SelectItem key={choice.value} value={choice.value}>
              {choice.value === "at-time" && atTimeLabel ? atTimeLabel : t(choice.label)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {disabledReason ? <FormDescription>{disabledReason}</FormDescription> : hint ? <FormDescription>{hint}</FormDescription> : null}
      <FormMessage />
    </FormItem>
  );
}
