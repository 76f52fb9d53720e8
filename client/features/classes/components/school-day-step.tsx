import { PlusIcon, Trash2Icon, WandSparklesIcon } from "lucide-react";
import { type FormEvent, useId, useMemo, useState } from "react";
import { WEEKDAY_NAMES } from "@core/day-numbers";
import { weekdayLabel } from "@core/format";
import type { SchoolSchedule } from "@core/school-day";
import { MAX_DAYS_OFF, MAX_ROTATION_DAYS, schoolScheduleSchema } from "@core/schemas/school-schedule";
import { useSaveSchoolSchedule } from "@/api/user/school-schedule";
import { SubmitButton } from "@/components/form/submit-button";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { errorMessage } from "@/lib/api/errors";
import { showToast } from "@/lib/toast";
import {
  DEFAULT_QUICK_FILL,
  formFromSchedule,
  type QuickFill,
  quickFill,
  type RotationKind,
  rotationLabels,
  type SchoolDayFormState,
  scheduleFromForm,
} from "../utils/school-day-form";
import { WholeNumberField } from "./whole-number-field";

const SAVE_TOAST = "school-day-save";

/** The step's number fields: the quick fill's three lengths and the cycle's days. */
type NumberFieldName = "periodMinutes" | "passingMinutes" | "lunchMinutes" | "cycleLength";
const QUICK_FILL_FIELDS: readonly NumberFieldName[] = ["periodMinutes", "passingMinutes", "lunchMinutes"];

type SchoolDayStepProps = {
  schedule: SchoolSchedule;
  userClasses: readonly string[];
  /** Closes the editor: after a save, or Skip. */
  onDone: () => void;
  /** "Skip" after the classes of a first setup or an edit; "Cancel" when opened on its own. */
  dismissLabel: "Skip" | "Cancel";
};

/**
 * The class editor's School Day step (docs/product.md#school-day): bell times with a quick fill,
 * which weekdays are school days, an optional rotation anchored to a date, which periods meet on
 * each rotation day, and days off. Checked by the API's own schema before it is sent.
 */
export function SchoolDayStep({ schedule, userClasses, onDone, dismissLabel }: SchoolDayStepProps) {
  const save = useSaveSchoolSchedule();
  const [state, setState] = useState<SchoolDayFormState>(() => formFromSchedule(schedule, userClasses));
  const [fill, setFill] = useState<QuickFill>(DEFAULT_QUICK_FILL);
  const [tried, setTried] = useState(0);
  const [fillTried, setFillTried] = useState(0);
  // Number fields whose text is not a whole number in range just now (an empty one while typing):
  // the form keeps their last good value, and neither Fill nor Save goes on while they show it.
  const [invalidNumbers, setInvalidNumbers] = useState<ReadonlySet<NumberFieldName>>(() => new Set());
  const reportValidity = useMemo(() => {
    const reporter = (name: NumberFieldName) => (valid: boolean) =>
      setInvalidNumbers((current) => {
        if (current.has(name) !== valid) return current;
        const next = new Set(current);
        if (valid) next.delete(name);
        else next.add(name);
        return next;
      });
    return {
      periodMinutes: reporter("periodMinutes"),
      passingMinutes: reporter("passingMinutes"),
      lunchMinutes: reporter("lunchMinutes"),
      cycleLength: reporter("cycleLength"),
    };
  }, []);
  const ids = useId();
  const set = (change: Partial<SchoolDayFormState>) => setState((s) => ({ ...s, ...change }));
  const labels = rotationLabels(state.rotationKind, state.cycleLength);

  const check = useMemo(() => schoolScheduleSchema.safeParse(scheduleFromForm(state)), [state]);
  const errors = useMemo(() => {
    if (check.success) return new Map<string, string>();
    return new Map(check.error.issues.map((issue) => [issue.path.join("."), issue.message]));
  }, [check]);
  const errorAt = (path: string) => (tried > 0 ? errors.get(path) : undefined);
  const canSave = check.success && !invalidNumbers.has("cycleLength");

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) {
      setTried((n) => n + 1);
      return;
    }
    save.mutate(scheduleFromForm(state), {
      onSuccess: () => {
        showToast({ title: "Success!", description: "Your school day has been saved.", variant: "success", id: SAVE_TOAST });
        onDone();
      },
      onError: (error) => showToast({ title: "Error", description: errorMessage(error), variant: "destructive", id: SAVE_TOAST }),
    });
  };

  const fillBellTimes = () => {
    if (QUICK_FILL_FIELDS.some((name) => invalidNumbers.has(name))) {
      setFillTried((n) => n + 1);
      return;
    }
    set({ bells: quickFill(state.bells, fill) });
  };

  const setBell = (index: number, field: "start" | "end", value: string) =>
    set({ bells: state.bells.map((b, i) => (i === index ? { ...b, [field]: value } : b)) });

  return (
    <>
      <DialogHeader className="border-b p-4 sm:px-6">
        <DialogTitle>School Day</DialogTitle>
        <DialogDescription>
          When your periods start and end, which days are school days, and your days off. You can skip this.
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
        <div className="grid min-h-0 flex-1 gap-6 overflow-y-auto overscroll-contain p-4 sm:px-6">
          <fieldset className="grid gap-3">
            <legend className="mb-2 font-medium">Bell times</legend>
            {state.bells.length === 0 ? (
              <p className="text-sm text-muted-foreground">Add your classes first: their periods get bell times here.</p>
            ) : (
              <>
                <div className="grid gap-2 rounded-md bg-muted/50 p-3">
                  <p className="text-sm font-medium">Quick fill</p>
                  <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
                    <LabeledInput
                      id={`${ids}-first`}
                      label="First period starts"
                      type="time"
                      value={fill.firstStart}
                      onChange={(v) => setFill({ ...fill, firstStart: v })}
                    />
                    <WholeNumberField
                      id={`${ids}-length`}
                      label="Period (minutes)"
                      value={fill.periodMinutes}
                      min={1}
                      max={240}
                      onChange={(n) => setFill((f) => ({ ...f, periodMinutes: n }))}
                      onValidityChange={reportValidity.periodMinutes}
                      checkRequest={fillTried}
                    />
                    <WholeNumberField
                      id={`${ids}-passing`}
                      label="Between (minutes)"
                      value={fill.passingMinutes}
                      min={0}
                      max={60}
                      onChange={(n) => setFill((f) => ({ ...f, passingMinutes: n }))}
                      onValidityChange={reportValidity.passingMinutes}
                      checkRequest={fillTried}
                    />
                    <WholeNumberField
                      id={`${ids}-lunch`}
                      label="Lunch (minutes)"
                      value={fill.lunchMinutes}
                      min={1}
                      max={240}
                      onChange={(n) => setFill((f) => ({ ...f, lunchMinutes: n }))}
                      onValidityChange={reportValidity.lunchMinutes}
                      checkRequest={fillTried}
                    />
                  </div>
                  <Button variant="outline" className="justify-self-start" onClick={fillBellTimes}>
                    <WandSparklesIcon aria-hidden="true" /> Fill Bell Times
                  </Button>
                </div>
                <ul className="grid gap-2" aria-label="Bell times">
                  {state.bells.map((bell, index) => {
                    const startError = errorAt(`bellTimes.${index}.start`) ?? errorAt(`bellTimes.${index}.period`);
                    const endError = errorAt(`bellTimes.${index}.end`);
                    return (
                      <li key={bell.period} className="grid gap-1">
                        <span className="text-sm" id={`${ids}-bell-${bell.period}`}>
                          {bell.label}
                        </span>
                        <div className="grid grid-cols-2 gap-2">
                          <Input
                            type="time"
                            aria-label={`${bell.label} starts`}
                            value={bell.start}
                            aria-invalid={startError ? true : undefined}
                            onChange={(e) => setBell(index, "start", e.target.value)}
                          />
                          <Input
                            type="time"
                            aria-label={`${bell.label} ends`}
                            value={bell.end}
                            aria-invalid={endError ? true : undefined}
                            onChange={(e) => setBell(index, "end", e.target.value)}
                          />
                        </div>
                        {(startError ?? endError) && <p className="text-sm text-destructive">{startError ?? endError}</p>}
                      </li>
                    );
                  })}
                </ul>
              </>
            )}
          </fieldset>

          <fieldset className="grid gap-2">
            <legend className="mb-2 font-medium">School days</legend>
            <div className="flex flex-wrap gap-2">
              {WEEKDAY_NAMES.map((day, index) => {
                const on = state.schoolDays.includes(day);
                return (
                  <Button
                    key={day}
                    size="sm"
                    variant={on ? "default" : "outline"}
                    aria-pressed={on}
                    className="h-9"
                    onClick={() => set({ schoolDays: on ? state.schoolDays.filter((d) => d !== day) : [...state.schoolDays, day] })}
                  >
                    {weekdayLabel(index)}
                  </Button>
                );
              })}
            </div>
            {errorAt("schoolDays") && <p className="text-sm text-destructive">{errorAt("schoolDays")}</p>}
          </fieldset>

          <fieldset className="grid gap-3">
            <legend className="mb-2 font-medium">Rotation</legend>
            <div className="grid gap-1">
              <label htmlFor={`${ids}-rotation`} className="text-sm">
                Timetable
              </label>
              <select
                id={`${ids}-rotation`}
                className="h-10 rounded-md border bg-background px-3 text-sm"
                value={state.rotationKind}
                onChange={(e) => set({ rotationKind: e.target.value as RotationKind, anchorDay: "" })}
              >
                <option value="none">The same every week</option>
                <option value="ab">A/B days</option>
                <option value="cycle">Day 1, Day 2, …</option>
              </select>
            </div>
            {state.rotationKind === "cycle" && (
              <WholeNumberField
                id={`${ids}-cycle`}
                label="Days in the cycle"
                value={state.cycleLength}
                min={2}
                max={MAX_ROTATION_DAYS}
                onChange={(n) => set({ cycleLength: n, anchorDay: "" })}
                onValidityChange={reportValidity.cycleLength}
                checkRequest={tried}
              />
            )}
            {labels.length > 0 && (
              <>
                <div className="grid grid-cols-2 gap-2">
                  <LabeledInput
                    id={`${ids}-anchor-date`}
                    label="On this date"
                    type="date"
                    value={state.anchorDate}
                    error={errorAt("rotation.anchorDate")}
                    onChange={(v) => set({ anchorDate: v })}
                  />
                  <div className="grid gap-1">
                    <label htmlFor={`${ids}-anchor-day`} className="text-sm">
                      it is
                    </label>
                    <select
                      id={`${ids}-anchor-day`}
                      className="h-10 rounded-md border bg-background px-3 text-sm"
                      value={labels.includes(state.anchorDay) ? state.anchorDay : labels[0]}
                      onChange={(e) => set({ anchorDay: e.target.value })}
                    >
                      {labels.map((l) => (
                        <option key={l} value={l}>
                          {state.rotationKind === "ab" ? `${withArticle(l)} day` : l}
                        </option>
                      ))}
                    </select>
                  </div>
                </div>
                <p className="text-sm text-muted-foreground">
                  The rotation moves on one day per school day; weekends and days off do not count.
                </p>
                <div className="flex items-center gap-3 text-sm">
                  <Switch id={`${ids}-differ`} checked={state.differByDay} onCheckedChange={(on) => set({ differByDay: on })} />
                  <label htmlFor={`${ids}-differ`}>My classes differ by rotation day</label>
                </div>
                {state.differByDay && (
                  <div className="overflow-x-auto">
                    <table className="text-sm">
                      <caption className="sr-only">Which periods meet on each rotation day</caption>
                      <thead>
                        <tr>
                          <th scope="col" className="px-2 text-left font-medium">
                            Period
                          </th>
                          {labels.map((l) => (
                            <th key={l} scope="col" className="px-2 font-medium">
                              {l}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {state.bells.map((bell) => (
                          <tr key={bell.period}>
                            <th scope="row" className="px-2 py-1 text-left font-normal">
                              {bell.label}
                            </th>
                            {labels.map((l) => {
                              const list = state.periodsByDay[l] ?? state.bells.map((b) => b.period);
                              const on = list.includes(bell.period);
                              return (
                                <td key={l} className="px-2 text-center">
                                  <input
                                    type="checkbox"
                                    className="size-5"
                                    aria-label={`${bell.label} on ${l}`}
                                    checked={on}
                                    onChange={() =>
                                      set({
                                        periodsByDay: {
                                          ...state.periodsByDay,
                                          [l]: on ? list.filter((p) => p !== bell.period) : [...list, bell.period],
                                        },
                                      })
                                    }
                                  />
                                </td>
                              );
                            })}
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </>
            )}
          </fieldset>

          <fieldset className="grid gap-3">
            <legend className="mb-2 font-medium">Days off</legend>
            {state.daysOff.length === 0 && <p className="text-sm text-muted-foreground">No days off yet: add holidays and breaks.</p>}
            <ul className="grid gap-3" aria-label="Days off">
              {state.daysOff.map((dayOff, index) => (
                <li key={index} className="grid gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end">
                  <LabeledInput
                    id={`${ids}-off-${index}-from`}
                    label="From"
                    type="date"
                    value={dayOff.from}
                    error={errorAt(`daysOff.${index}.from`)}
                    onChange={(v) => set({ daysOff: state.daysOff.map((d, i) => (i === index ? { ...d, from: v } : d)) })}
                  />
                  <LabeledInput
                    id={`${ids}-off-${index}-to`}
                    label="To"
                    type="date"
                    value={dayOff.to}
                    error={errorAt(`daysOff.${index}.to`)}
                    onChange={(v) => set({ daysOff: state.daysOff.map((d, i) => (i === index ? { ...d, to: v } : d)) })}
                  />
                  <LabeledInput
                    id={`${ids}-off-${index}-label`}
                    label="Name"
                    value={dayOff.label}
                    error={errorAt(`daysOff.${index}.label`)}
                    onChange={(v) => set({ daysOff: state.daysOff.map((d, i) => (i === index ? { ...d, label: v } : d)) })}
                  />
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Remove ${dayOff.label || "this day off"}`}
                    onClick={() => set({ daysOff: state.daysOff.filter((_, i) => i !== index) })}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
            {state.daysOff.length < MAX_DAYS_OFF && (
              <Button
                variant="outline"
                className="h-11 border-dashed"
                onClick={() => set({ daysOff: [...state.daysOff, { from: "", to: "", label: "" }] })}
              >
                <PlusIcon aria-hidden="true" /> Add Day Off
              </Button>
            )}
          </fieldset>
        </div>
        <div className="grid gap-3 border-t bg-card p-4 sm:px-6">
          <p key={tried} role="alert" className={tried > 0 && !canSave ? "text-sm font-medium text-destructive" : "sr-only"}>
            {tried > 0 && !canSave ? "Please fix the highlighted fields." : ""}
          </p>
          <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
            <Button variant="outline" className="h-11 sm:h-10" onClick={onDone} disabled={save.isPending}>
              {dismissLabel}
            </Button>
            <SubmitButton className="h-11 sm:h-10" pending={save.isPending} pendingText="Saving...">
              Save School Day
            </SubmitButton>
          </div>
        </div>
      </form>
    </>
  );
}

type LabeledInputProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "time" | "date" | "text";
  error?: string | undefined;
};

function LabeledInput({ id, label, value, onChange, type = "text", error }: LabeledInputProps) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <Input
        id={id}
        type={type}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * "an A day", "a B day": the article goes by how the label is said. A single letter is said by
 * its name ("an F", "an S", "a B"); a word by its first letter ("an Even day", "a Blue day").
 */
function withArticle(label: string): string {
  const saidWithVowel = label.length === 1 ? /[aefhilmnorsx]/i.test(label) : /^[aeiou]/i.test(label);
  return `${saidWithVowel ? "an" : "a"} ${label}`;
}
