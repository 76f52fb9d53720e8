import { useId } from "react";
import { SCHEDULE_SOURCES, type ScheduleSource } from "@core/schemas/preferences";
import type { PlainMessageId } from "@core/i18n/translate";
import { useT } from "@/lib/i18n";

const LABELS: Record<ScheduleSource, { label: PlainMessageId; hint: PlainMessageId }> = {
  school: { label: "classes.schedule_source_school", hint: "classes.schedule_source_school_hint" },
  mine: { label: "classes.schedule_source_mine", hint: "classes.schedule_source_mine_hint" },
};

/**
 * Whose school day the student follows (issue 36, decision 112: `scheduleSource`): the school's
 * published schedule or their own. Native radios, so the arrow keys move between them.
 */
export function ScheduleSourceFieldset({ value, onChange }: { value: ScheduleSource; onChange: (value: ScheduleSource) => void }) {
  const t = useT();
  const id = useId();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium">{t("classes.schedule_source")}</legend>
      {SCHEDULE_SOURCES.map((source) => (
        <div
          key={source}
          className="flex items-start gap-3 rounded-md border p-3 has-checked:border-primary has-checked:bg-primary/5 has-focus-visible:ring-2 has-focus-visible:ring-ring"
        >
          <input
            id={`${id}-${source}`}
            type="radio"
            name="scheduleSource"
            value={source}
            checked={value === source}
            onChange={() => onChange(source)}
            aria-describedby={`${id}-${source}-hint`}
            className="mt-1 accent-primary"
          />
          <div className="grid gap-0.5">
            <label htmlFor={`${id}-${source}`} className="cursor-pointer text-sm font-medium">
              {t(LABELS[source].label)}
            </label>
            <p id={`${id}-${source}-hint`} className="text-sm text-muted-foreground">
              {t(LABELS[source].hint)}
            </p>
          </div>
        </div>
      ))}
    </fieldset>
  );
}
