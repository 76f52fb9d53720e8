import { useId } from "react";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { cn } from "@/lib/cn";
import { useT, wordMessage } from "@/lib/i18n";
import {
  hasLunchToggle,
  hasSemesterToggle,
  isLunchRow,
  type PeriodRow,
  semesterUnavailableReason,
  setSemester,
  spanUnavailableReason,
  toggleLunch,
  toggleSpan,
} from "../utils/class-editor-state";

type PeriodTogglesProps = {
  rows: readonly PeriodRow[];
  index: number;
  update: (change: (rows: readonly PeriodRow[]) => PeriodRow[]) => void;
  /** The unavailable toggle whose reason is shown (after a try), if it is one of this period's. */
  explainedToggle: string | null;
  onExplain: (toggle: string) => void;
};

/**
 * A period's toggles: Full Year / Semester (a switch), Double Block, Triple Block and Set as Lunch
 * (pressed buttons). One that cannot be used just now stays focusable, described by why.
 */
export function PeriodToggles({ rows, index, update, explainedToggle, onExplain }: PeriodTogglesProps) {
  const t = useT();
  const id = useId();
  const row = rows[index]!;
  const semesterReason = hasSemesterToggle(rows, index) ? semesterUnavailableReason(rows, index) : null;
  const reasons: Array<{ key: string; text: string }> = semesterReason ? [{ key: "semester", text: semesterReason }] : [];
  const toggle = (key: string, label: string, pressed: boolean, unavailable: string | null, onToggle: () => void) => {
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
    <>
      <div className="flex flex-wrap gap-2">
        {hasSemesterToggle(rows, index) && (
          // One switch, Semester on or off; the whole box is its label, a target a thumb can hit.
          <label htmlFor={`${id}-semester`} className="flex h-11 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm sm:h-9">
            <span aria-hidden="true">{t("classes.full_year")}</span>
            <Switch
              id={`${id}-semester`}
              aria-label={t("classes.semester")}
              checked={row.semester}
              aria-disabled={semesterReason ? true : undefined}
              aria-describedby={semesterReason ? `${id}-semester-reason` : undefined}
              className={cn(semesterReason && "cursor-not-allowed opacity-50")}
              onCheckedChange={(semester) => (semesterReason ? onExplain("semester") : update((r) => setSemester(r, index, semester)))}
            />
            <span aria-hidden="true">{t("classes.semester")}</span>
          </label>
        )}
        {([2, 3] as const).map((span) =>
          toggle(
            `span-${span}`,
            span === 2 ? t("classes.double_block") : t("classes.triple_block"),
            row.span === span,
            spanUnavailableReason(rows, index, span),
            () => update((r) => toggleSpan(r, index, span)),
          ),
        )}
        {hasLunchToggle(rows, index) &&
          toggle("lunch", t("classes.set_as_lunch"), isLunchRow(row), null, () => update((r) => toggleLunch(r, index)))}
      </div>
      {reasons.map(({ key, text }) => (
        // Always read by screen readers (the button's description); shown once someone tries it.
        <p key={key} id={`${id}-${key}-reason`} className={explainedToggle === key ? "text-sm text-muted-foreground" : "sr-only"}>
          {wordMessage(text)}
        </p>
      ))}
    </>
  );
}
