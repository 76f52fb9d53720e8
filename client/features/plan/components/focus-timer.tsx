import { i18n, type Messages } from "@lingui/core";
import { PauseIcon, PlayIcon, SquareIcon } from "lucide-react";
import { useId, useMemo } from "react";
import { z } from "zod";
import { messages as englishPlan } from "@core/i18n/compiled/en/plan";
import { messages as spanishPlan } from "@core/i18n/compiled/es/plan";
import { formatDuration } from "@core/format";
import type { Task } from "@core/schemas/task";
import { useTasks } from "@/api/tasks/get-tasks";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useT } from "@/lib/i18n";
import { type FocusTimerControls, lastFocusLengths } from "../hooks/use-focus-timer";
import { BREAK_LENGTHS, clockText, FOCUS_LENGTHS, focusPhaseText, type FocusTimer, isWaiting, remainingMs } from "../utils/focus-timer";

// Its words (the `plan` group) come with it in both languages, as the plan's other screens' do.
i18n.load("en", englishPlan as Messages);
i18n.load("es", spanishPlan as Messages);

/** The task choice that is no task: the time counts, on no task in particular. */
const NO_TASK = "none";

const lengthOf = (choices: readonly number[]) =>
  z
    .string()
    .transform(Number)
    .refine((minutes) => choices.includes(minutes));

/** The timer's setup: what to work on, and the lengths of a round and its break (the choices only). */
const focusSetupSchema = z.object({
  taskId: z.string(),
  focusMinutes: lengthOf(FOCUS_LENGTHS),
  breakMinutes: lengthOf(BREAK_LENGTHS),
});
type FocusSetupValues = z.input<typeof focusSetupSchema>;

/** The tasks the timer can count time on: not done, saved (a task still being created offline has no id yet), due first. */
export function focusableTasks(tasks: readonly Task[]): Task[] {
  return tasks
    .filter((task) => !task.completed && task.id > 0)
    .sort((a, b) => (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999") || a.title.localeCompare(b.title));
}

/**
 * The focus timer (issue 51, decision 131): set up (what on, how long), then rounds of focus and
 * break with pause, resume, skip break and stop. The timer itself is the device's (useFocusTimer),
 * so this screen shows whatever one is running, started here or from a study block on Home.
 */
export function FocusTimerPanel({ controls, userId }: { controls: FocusTimerControls; userId: number }) {
  return controls.timer ? <RunningTimer controls={controls} timer={controls.timer} /> : <FocusSetup controls={controls} userId={userId} />;
}

function FocusSetup({ controls, userId }: { controls: FocusTimerControls; userId: number }) {
  const t = useT();
  const tasks = useTasks().data;
  const choices = useMemo(() => focusableTasks(tasks ?? []), [tasks]);
  const lengths = useMemo(() => lastFocusLengths(userId), [userId]);
  const { form } = useSchemaForm(focusSetupSchema, {
    taskId: NO_TASK,
    focusMinutes: String(lengths.focusMinutes),
    breakMinutes: String(lengths.breakMinutes),
  } satisfies FocusSetupValues);
  const submit = form.handleSubmit(({ taskId, focusMinutes, breakMinutes }) => {
    const task = choices.find((c) => String(c.id) === taskId);
    controls.start({ taskId: task?.id ?? null, title: task?.title ?? null, focusMinutes, breakMinutes });
  });
  return (
    <Form {...form}>
      <form className="grid grid-cols-1 gap-4" onSubmit={(event) => void submit(event)} noValidate>
        <p className="text-sm text-muted-foreground">{t("plan.focus_description")}</p>
        <ChoiceField
          name="taskId"
          label={t("plan.focus_on")}
          options={[
            { value: NO_TASK, label: t("plan.focus_no_task") },
            ...choices.map((task) => ({ value: String(task.id), label: task.subject ? `${task.title} · ${task.subject}` : task.title })),
          ]}
        />
        <div className="grid grid-cols-2 gap-3">
          <ChoiceField
            name="focusMinutes"
            label={t("plan.focus_length")}
            options={FOCUS_LENGTHS.map((m) => ({ value: String(m), label: formatDuration(m, t) }))}
          />
          <ChoiceField
            name="breakMinutes"
            label={t("plan.break_length")}
            options={BREAK_LENGTHS.map((m) => ({ value: String(m), label: formatDuration(m, t) }))}
          />
        </div>
        <Button type="submit" className="justify-self-start">
          <PlayIcon aria-hidden="true" /> {t("plan.start_focus")}
        </Button>
      </form>
    </Form>
  );
}

function ChoiceField({
  name,
  label,
  options,
}: {
  name: keyof FocusSetupValues;
  label: string;
  options: { value: string; label: string }[];
}) {
  return (
    <FormField
      name={name}
      render={({ field }) => (
        <FormItem className="min-w-0 grid-cols-1 gap-1">
          <FormLabel>{label}</FormLabel>
          <Select value={field.value as string} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormItem>
      )}
    />
  );
}

function RunningTimer({ controls, timer }: { controls: FocusTimerControls; timer: FocusTimer }) {
  const t = useT();
  const phaseId = useId();
  const left = remainingMs(timer, controls.now);
  const waiting = isWaiting(timer);
  const total = (timer.phase === "focus" ? timer.focusMinutes : timer.breakMinutes) * 60_000;
  return (
    <section className="grid grid-cols-1 justify-items-center gap-4 rounded-md border p-6 text-center" aria-labelledby={phaseId}>
      <p className="w-full text-lg font-medium wrap-anywhere">{timer.title ?? t("plan.focus_no_task")}</p>
      {/* Read out when it changes (focus → break → break over), not every second. */}
      <p id={phaseId} className="text-sm font-medium text-muted-foreground" aria-live="polite">
        {focusPhaseText(timer, t)}
      </p>
      <div role="timer" aria-labelledby={phaseId} className="text-6xl font-bold tabular-nums">
        {clockText(left)}
      </div>
      <div
        className="h-2 w-full max-w-xs overflow-hidden rounded-full bg-muted"
        role="progressbar"
        aria-label={t("plan.round_progress")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(((total - left) / total) * 100)}
      >
        <div
          className={timer.phase === "break" ? "h-full bg-muted-foreground" : "h-full bg-primary"}
          style={{ width: `${((total - left) / total) * 100}%` }}
        />
      </div>
      <div className="flex flex-wrap justify-center gap-2">
        {timer.phase === "break" ? (
          <Button onClick={controls.resume}>
            <PlayIcon aria-hidden="true" /> {t("plan.skip_break")}
          </Button>
        ) : waiting ? (
          <Button onClick={controls.resume}>
            <PlayIcon aria-hidden="true" /> {t("plan.next_round")}
          </Button>
        ) : timer.runningSince === null ? (
          <Button onClick={controls.resume}>
            <PlayIcon aria-hidden="true" /> {t("plan.resume")}
          </Button>
        ) : (
          <Button onClick={controls.pause}>
            <PauseIcon aria-hidden="true" /> {t("plan.pause")}
          </Button>
        )}
        <Button variant="outline" onClick={controls.stop}>
          <SquareIcon aria-hidden="true" /> {t("plan.stop")}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        {t("plan.focus_rounds", { focus: formatDuration(timer.focusMinutes, t), pause: formatDuration(timer.breakMinutes, t) })}
      </p>
    </section>
  );
}
