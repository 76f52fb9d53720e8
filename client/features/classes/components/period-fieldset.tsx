import { Trash2Icon } from "lucide-react";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { canRemovePeriod, coveringBlock, type NameField, type PeriodRow, setName } from "../utils/class-editor-state";
import { ClassNameField } from "./class-name-field";
import { PeriodToggles } from "./period-toggles";

/** The form's name of a period's class name field: its value's path, where its message is kept too. */
export function classNameFieldName(index: number, field: NameField): string {
  return `rows.${index}.${field}`;
}

type PeriodFieldsetProps = {
  rows: readonly PeriodRow[];
  index: number;
  /** Applies one of the rules of class-editor-state to the form's rows. */
  update: (change: (rows: readonly PeriodRow[]) => PeriodRow[]) => void;
  onRemove: () => void;
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
 * class name (two names for a semester pair) and the period's toggles.
 */
export function PeriodFieldset({
  rows,
  index,
  update,
  onRemove,
  duplicate,
  formMessageId,
  registerInput,
  onEnterPastLastField,
  ...toggles
}: PeriodFieldsetProps) {
  const t = useT();
  const secondNameInput = useRef<HTMLInputElement>(null);
  const period = index + 1;
  const row = rows[index]!;
  const block = coveringBlock(rows, index);

  if (block) {
    return (
      <fieldset className="rounded-lg border border-dashed bg-muted/40 px-3 py-3">
        <legend className="sr-only">{t("classes.period", { period })}</legend>
        <p className="text-sm text-muted-foreground">
          {block.span === 2 ? t("classes.period_covered_double", { period }) : t("classes.period_covered_triple", { period })}
        </p>
      </fieldset>
    );
  }

  const nameField = (field: NameField, label: string, visibleLabel: boolean) => (
    <ClassNameField
      name={classNameFieldName(index, field)}
      label={label}
      visibleLabel={visibleLabel}
      // The field sets its value; the rule makes the typed name the student's own (no name for Lunch to give back).
      onChange={(value) => update((current) => setName(current, index, field, value))}
      onEnter={() => (field === "name" && row.semester ? secondNameInput.current?.focus() : onEnterPastLastField())}
      inputRef={(element) => {
        if (field === "secondName") secondNameInput.current = element;
        registerInput(field, element);
      }}
      duplicate={duplicate}
      formMessageId={formMessageId}
    />
  );

  return (
    <fieldset className="grid gap-2 rounded-lg border px-3 pt-1 pb-3">
      <legend className="sr-only">{t("classes.period", { period })}</legend>
      <div className="flex min-h-11 items-center justify-between gap-2">
        <span aria-hidden="true" className="text-sm font-semibold">
          {t("classes.period", { period })}
        </span>
        {canRemovePeriod(rows, index) && (
          <Button
            variant="ghost"
            size="icon"
            className="size-11 text-muted-foreground"
            aria-label={t("classes.remove_period", { period })}
            onClick={onRemove}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        )}
      </div>

      {row.semester ? (
        <div className="flex flex-col gap-2 sm:flex-row">
          {nameField("name", t("classes.semester_1"), true)}
          {nameField("secondName", t("classes.semester_2"), true)}
        </div>
      ) : (
        nameField("name", t("classes.class_name"), false)
      )}

      <PeriodToggles rows={rows} index={index} update={update} {...toggles} />
    </fieldset>
  );
}
