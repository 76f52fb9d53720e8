import { i18n, type Messages } from "@lingui/core";
import { PlusIcon, Trash2Icon } from "lucide-react";
import { useId } from "react";
import { useFormContext, useFormState } from "react-hook-form";
import { messages as englishPlan } from "@core/i18n/compiled/en/plan";
import { messages as spanishPlan } from "@core/i18n/compiled/es/plan";
import { LAST_MINUTE_OF_DAY, minutesOfDay, timeOfDay } from "@core/dates";
import type { WeekdayName } from "@core/day-numbers";
import { WEEKDAY_NAMES } from "@core/day-numbers";
import { weekdayLabel } from "@core/format";
import type { Preferences } from "@core/schemas/preferences";
import { MAX_STUDY_WINDOWS_PER_DAY } from "@core/schemas/preferences";
import { usePreferences, useUpdatePreferences } from "@/api/user/preferences";
import { useListField } from "@/components/form/use-list-field";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { SubmitButton } from "@/components/form/submit-button";
import { LoadingState } from "@/components/states/loading-state";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api/errors";
import { useLocale, useT, wordMessage } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { studyTimeFormSchema, type StudyTimeValues, studyTimeValues, WEEK_ORDER } from "../utils/study-time-form";

// Its words (the `plan` group) come with it in both languages: in the signed-in app's words they
// would weigh on the Home tab's first screen (as the badge's do, decision 119).
i18n.load("en", englishPlan as Messages);
i18n.load("es", spanishPlan as Messages);

const STUDY_TIME_TOAST = "study-time";

/**
 * Settings → Study time (issue 51): when the student can study on each weekday (at most 3 stretches
 * a day), the most study in one day and the longest block; the study plan fits the work into them.
 * Checked by the preferences' own schema before it is sent.
 */
export function StudyTimeSetting() {
  const t = useT();
  const preferences = usePreferences();
  const headingId = useId();
  return (
    <section className="grid gap-2" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-sm font-medium">
        {t("plan.study_time")}
      </h3>
      <p className="text-sm text-muted-foreground">{t("plan.study_time_description")}</p>
      {preferences.data ? <StudyTimeForm preferences={preferences.data} /> : <LoadingState label={t("plan.study_time")} />}
      {preferences.data && <BlockPushSwitch on={preferences.data.studyBlockReminders} />}
    </section>
  );
}

/**
 * A push when a study block starts (decision 132): off until the student turns it on, saved with the
 * account at once (the server looks at the plan, so it reaches every device with notifications on).
 */
function BlockPushSwitch({ on }: { on: boolean }) {
  const t = useT();
  const update = useUpdatePreferences();
  const id = useId();
  const save = (studyBlockReminders: boolean) =>
    update.mutate(
      { studyBlockReminders },
      {
        onError: (error) =>
          showToast({ title: t("plan.save_failed"), description: errorMessage(error), variant: "destructive", id: STUDY_TIME_TOAST }),
      },
    );
  return (
    <div className="grid gap-1 pt-2">
      <div className="flex items-center justify-between gap-3">
        <label htmlFor={`${id}-switch`} className="text-sm font-medium">
          {t("plan.block_push")}
        </label>
        <Switch id={`${id}-switch`} checked={on} disabled={update.isPending} aria-describedby={`${id}-hint`} onCheckedChange={save} />
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t("plan.block_push_hint")}
      </p>
    </div>
  );
}

function StudyTimeForm({ preferences }: { preferences: Preferences }) {
  const t = useT();
  const update = useUpdatePreferences();
  const { form } = useSchemaForm(studyTimeFormSchema, studyTimeValues(preferences), { reValidateMode: "onSubmit" });
  const submit = form.handleSubmit((changes) =>
    update.mutate(changes, {
      onSuccess: () => showToast({ title: t("plan.saved"), description: t("plan.saved_text"), variant: "success", id: STUDY_TIME_TOAST }),
      onError: (error) =>
        showToast({ title: t("plan.save_failed"), description: errorMessage(error), variant: "destructive", id: STUDY_TIME_TOAST }),
    }),
  );
  return (
    <Form {...form}>
      <form className="grid gap-3" onSubmit={(event) => void submit(event)} noValidate>
        <ul className="grid gap-2">
          {WEEK_ORDER.map((day) => (
            <DayWindows key={day} day={day} />
          ))}
        </ul>
        <div className="grid gap-3 sm:grid-cols-2">
          <MinutesField name="dailyStudyLimitMinutes" label={t("plan.daily_limit")} />
          <MinutesField name="maxBlockMinutes" label={t("plan.max_block")} />
        </div>
        <SubmitButton pending={update.isPending} pendingText={t("plan.saving")} className="justify-self-start">
          {t("plan.save")}
        </SubmitButton>
      </form>
    </Form>
  );
}

/** One weekday: its stretches of study time, each a start and an end, added and removed. */
function DayWindows({ day }: { day: WeekdayName }) {
  const t = useT();
  const locale = useLocale();
  const form = useFormContext<StudyTimeValues>();
  const { keys, items, append, remove } = useListField(form, `studyWindows.${day}`);
  const dayName = weekdayLabel(WEEKDAY_NAMES.indexOf(day), locale);
  const last = items.at(-1);
  return (
    <li className="grid gap-1 rounded-md border p-2">
      <span className="text-sm font-medium">{dayName}</span>
      {keys.length === 0 && <span className="text-sm text-muted-foreground">{t("plan.no_study_time")}</span>}
      {keys.map((key, index) => (
        <div key={key} className="flex flex-wrap items-start gap-2">
          <TimeField name={`studyWindows.${day}.${index}.start`} label={t("plan.window_from_on", { day: dayName })} />
          <TimeField name={`studyWindows.${day}.${index}.end`} label={t("plan.window_to_on", { day: dayName })} />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t("plan.remove_study_time", { day: dayName, from: items[index]?.start ?? "", to: items[index]?.end ?? "" })}
            onClick={() => remove(index)}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      ))}
      <DayMessage day={day} />
      {keys.length < MAX_STUDY_WINDOWS_PER_DAY && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          // A new stretch starts where the last one ended, an hour long.
          onClick={() => append(last ? { start: last.end, end: later(last.end) } : { start: "16:00", end: "17:00" })}
        >
          <PlusIcon aria-hidden="true" /> {t("plan.add_study_time", { day: dayName })}
        </Button>
      )}
    </li>
  );
}

/** A refusal of the day's stretches together (they overlap, too many): kept at the list's root. */
function DayMessage({ day }: { day: WeekdayName }) {
  const { errors } = useFormState<StudyTimeValues>({ name: `studyWindows.${day}` });
  const message = errors.studyWindows?.[day]?.root?.message;
  if (!message) return null;
  return <p className="text-sm text-destructive">{wordMessage(message)}</p>;
}

function later(time: string): string {
  return timeOfDay(Math.min(LAST_MINUTE_OF_DAY, minutesOfDay(time) + 60));
}

function TimeField({ name, label }: { name: string; label: string }) {
  return (
    <FormField
      name={name}
      render={({ field }) => (
        <FormItem className="gap-1">
          <FormLabel className="sr-only">{label}</FormLabel>
          <FormControl>
            <Input type="time" className="w-32" {...field} value={field.value as string} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function MinutesField({ name, label }: { name: "dailyStudyLimitMinutes" | "maxBlockMinutes"; label: string }) {
  return (
    <FormField
      name={name}
      render={({ field }) => (
        <FormItem className="gap-1">
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input type="number" inputMode="numeric" {...field} value={field.value as string} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
