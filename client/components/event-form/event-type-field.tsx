import { useId } from "react";
import type { Control } from "react-hook-form";
import { EVENT_TYPE_LABELS } from "@core/calendar/entries";
import { EVENT_TYPES, type EventType } from "@core/schemas/event";
import { Button } from "@/components/ui/button";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useT } from "@/lib/i18n";
import type { EventFieldValues } from "./event-field-values";

/**
 * How the type is picked: a row of toggle buttons (the student's dialog, where a tap picks it) or
 * a menu (staff's form, whose row beside the time has no room for seven buttons).
 */
export type EventTypePicker = "buttons" | "menu";

type EventTypeFieldProps = {
  control: Control<EventFieldValues>;
  label: string;
  picker: EventTypePicker;
  /** After the type changed, what the form does with it besides. */
  onChange?: (type: EventType) => void;
};

/** The event's type, one of EVENT_TYPES, named in the reader's language. */
export function EventTypeField({ control, label, picker, onChange }: EventTypeFieldProps) {
  const t = useT();
  const labelId = useId();
  return (
    <FormField
      control={control}
      name="eventType"
      render={({ field }) => {
        const choose = (type: EventType) => {
          field.onChange(type);
          onChange?.(type);
        };
        return picker === "buttons" ? (
          <FormItem>
            <FormLabel id={labelId}>{label}</FormLabel>
            <div role="group" aria-labelledby={labelId} className="flex flex-wrap gap-2">
              {EVENT_TYPES.map((type) => (
                <Button
                  key={type}
                  size="sm"
                  variant={field.value === type ? "default" : "outline"}
                  aria-pressed={field.value === type}
                  className="h-9"
                  onClick={() => choose(type)}
                >
                  {t(EVENT_TYPE_LABELS[type])}
                </Button>
              ))}
            </div>
            <FormMessage />
          </FormItem>
        ) : (
          <FormItem>
            <FormLabel>{label}</FormLabel>
            <Select value={field.value} onValueChange={(value) => choose(value as EventType)}>
              <FormControl>
                <SelectTrigger className="w-full">
                  <SelectValue />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {EVENT_TYPES.map((type) => (
                  <SelectItem key={type} value={type}>
                    {t(EVENT_TYPE_LABELS[type])}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}
