import { Trash2Icon } from "lucide-react";
import { type ReactNode, useId, useRef } from "react";
import { CLASS_NAME_MAX } from "@core/schemas/classes";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/cn";
import {
  canRemovePeriod,
  coveringBlock,
  hasLunchToggle,
  hasSemesterToggle,
  isLunchRow,
  type NameField,
  type PeriodRow,
  semesterUnavailableReason,
  setName,
  setSemester,
  SPAN_NAMES,
  spanUnavailableReason,
  toggleLunch,
  toggleSpan,
} from "../utils/class-editor-state";

type PeriodFieldsetProps = {
  rows: readonly PeriodRow[];
  index: number;
  /** Applies one of the rules of class-editor-state to the rows. */
  update: (change: (rows: readonly PeriodRow[]) => PeriodRow[]) => void;
  onRemove: () => void;
  /** Messages for this row's name fields (a typed block suffix). */
  fieldErrors: Partial<Record<NameField, string>>;
  /** The row holds a name that is also elsewhere: marked invalid, described by the form's message. */
  duplicate: boolean;
  formMessageId: string;
  /** Hands the dialog this period's name fields, so it can move focus to them. */
  registerInput: (field: NameField, element: HTMLInputElement | null) => void;
  /** Enter in the period's last name field: go on to the next period (Enter never saves half a schedule). */
  onEnterPastLastField: () => void;
  /** The unavailable toggle whose reason is shown (after a try), if it is one of this period's. */
  explainedToggle: string | null;
  onExplain: (toggle: string) => void;
};

/**
 * One period of the class editor: a group named "Period N" (docs/product.md#class-setup) with the
 * class name (two names for a semester pair) and the period's toggles, all pressed buttons.
 */
export function PeriodFieldset({
  rows,
  index,
  update,
  onRemove,
  fieldErrors,
  duplicate,
  formMessageId,
  registerInput,
  onEnterPastLastField,
  explainedToggle,
  onExplain,
}: PeriodFieldsetProps) {
  const id = useId();
  const secondNameInput = useRef<HTMLInputElement>(null);
  const period = index + 1;
  const row = rows[index]!;
  const block = coveringBlock(rows, index);

  if (block) {
    return (
      <fieldset className="rounded-lg border border-dashed bg-muted/40 px-3 py-3">
        <legend className="sr-only">Period {period}</legend>
        <p className="text-sm text-muted-foreground">
          Period {period} occupied by {SPAN_NAMES[block.span]} block
        </p>
      </fieldset>
    );
  }

  const nameInput = (field: NameField, label: string, visibleLabel: boolean) => {
    const error = fieldErrors[field];
    const inputId = `${id}-${field}`;
    const errorId = `${inputId}-error`;
    const describedBy = [error ? errorId : null, duplicate ? formMessageId : null].filter(Boolean).join(" ") || undefined;
    return (
      <div className="grid min-w-0 flex-1 gap-1">
        {visibleLabel && (
          <Label htmlFor={inputId} className="text-xs text-muted-foreground">
            {label}
          </Label>
        )}
        <Input
          id={inputId}
          ref={(element) => {
            if (field === "secondName") secondNameInput.current = element;
            registerInput(field, element);
          }}
          onKeyDown={(event) => {
            if (event.key !== "Enter" || event.nativeEvent.isComposing) return;
            event.preventDefault();
            if (field === "name" && row.semester) secondNameInput.current?.focus();
            else onEnterPastLastField();
          }}
          value={row[field]}
          onChange={(event) => {
            const value = event.target.value;
            update((current) => setName(current, index, field, value));
          }}
          {...(visibleLabel ? {} : { "aria-label": label })}
          placeholder="Class name"
          maxLength={CLASS_NAME_MAX}
          autoComplete="off"
          autoCapitalize="words"
          enterKeyHint="next"
          className="h-11 sm:h-10"
          aria-invalid={Boolean(error) || duplicate}
          aria-describedby={describedBy}
        />
        {error && (
          <p id={errorId} className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
    );
  };

  const semesterReason = hasSemesterToggle(rows, index) ? semesterUnavailableReason(rows, index) : null;
  const reasons: Array<{ key: string; text: string }> = semesterReason ? [{ key: "semester", text: semesterReason }] : [];
  const toggle = (key: string, label: ReactNode, pressed: boolean, unavailable: string | null, onToggle: () => void) => {
    const reasonId = `${id}-${key}-reason`;
    if (unavailable) reasons.push({ key, text: unavailable });
    return (
      <Button
        key={key}
        variant={pressed ? "default" : "outline"}
        size="sm"
        className={cn("h-11 px-3 sm:h-9", unavailable && "cursor-not-allowed opacity-50 hover:bg-card")}
        aria-pressed={pressed}
        // aria-disabled, not disabled: it stays focusable, and its description says why.
        aria-disabled={unavailable ? true : undefined}
        aria-describedby={unavailable ? reasonId : undefined}
        onClick={() => (unavailable ? onExplain(key) : onToggle())}
      >
        {label}
      </Button>
    );
  };

  return (
    <fieldset className="grid gap-2 rounded-lg border px-3 pt-1 pb-3">
      <legend className="sr-only">Period {period}</legend>
      <div className="flex min-h-11 items-center justify-between gap-2">
        <span aria-hidden="true" className="text-sm font-semibold">
          Period {period}
        </span>
        {canRemovePeriod(rows, index) && (
          <Button
            variant="ghost"
            size="icon"
            className="size-11 text-muted-foreground"
            aria-label={`Remove period ${period}`}
            onClick={onRemove}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        )}
      </div>

      {row.semester ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          {nameInput("name", "Semester 1", true)}
          {nameInput("secondName", "Semester 2", true)}
        </div>
      ) : (
        nameInput("name", "Class name", false)
      )}

      <div className="flex flex-wrap gap-2">
        {hasSemesterToggle(rows, index) && (
          // One switch, Semester on or off; the whole box is its label, a target a thumb can hit.
          <label htmlFor={`${id}-semester`} className="flex h-11 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm sm:h-9">
            <span aria-hidden="true">Full Year</span>
            <Switch
              id={`${id}-semester`}
              aria-label="Semester"
              checked={row.semester}
              aria-disabled={semesterReason ? true : undefined}
              aria-describedby={semesterReason ? `${id}-semester-reason` : undefined}
              className={cn(semesterReason && "cursor-not-allowed opacity-50")}
              onCheckedChange={(semester) => (semesterReason ? onExplain("semester") : update((r) => setSemester(r, index, semester)))}
            />
            <span aria-hidden="true">Semester</span>
          </label>
        )}
        {([2, 3] as const).map((span) =>
          toggle(
            `span-${span}`,
            `${span === 2 ? "Double" : "Triple"} Block`,
            row.span === span,
            spanUnavailableReason(rows, index, span),
            () => update((r) => toggleSpan(r, index, span)),
          ),
        )}
        {hasLunchToggle(rows, index) && toggle("lunch", "Set as Lunch", isLunchRow(row), null, () => update((r) => toggleLunch(r, index)))}
      </div>
      {reasons.map(({ key, text }) => (
        // Always read by screen readers (the button's description); shown once someone tries it.
        <p key={key} id={`${id}-${key}-reason`} className={explainedToggle === key ? "text-sm text-muted-foreground" : "sr-only"}>
          {text}
        </p>
      ))}
    </fieldset>
  );
}
