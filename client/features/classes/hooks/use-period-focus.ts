import { useEffect, useRef } from "react";
import type { NameField, PeriodRow } from "../utils/class-editor-state";

/**
 * Where the class editor's focus goes: after an add or a remove, to the new or following period
 * (or Add when that period is covered by a block or gone); on Enter in a period's last name field,
 * to the next period; after a refused save, to the field to fix.
 */
export function usePeriodFocus(rows: readonly PeriodRow[]) {
  const saveButton = useRef<HTMLButtonElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  /** The row whose name field takes focus once an add or a remove has rendered. */
  const focusAfterChange = useRef<number | null>(null);
  /** The name fields on screen, keyed "index.field" ("3.name", "0.secondName"). */
  const nameInputs = useRef(new Map<string, HTMLInputElement>());
  const nameInput = (index: number, field: NameField = "name") => nameInputs.current.get(`${index}.${field}`);
  /** Periods with a first name field (covered ones have none), in order. */
  const periodsWithInputs = () =>
    [...nameInputs.current.keys()]
      .filter((key) => key.endsWith(".name"))
      .map((key) => Number(key.split(".")[0]))
      .sort((a, b) => a - b);

  useEffect(() => {
    const index = focusAfterChange.current;
    if (index === null) return;
    focusAfterChange.current = null;
    (nameInputs.current.get(`${index}.name`) ?? addButton.current)?.focus();
  }, [rows]);

  return {
    saveButton,
    addButton,
    /** After the next change of the rows, focus this period's name field (else Add). */
    focusAfterChange: (index: number) => {
      focusAfterChange.current = index;
    },
    registerInput: (index: number, field: NameField, element: HTMLInputElement | null) => {
      if (element) nameInputs.current.set(`${index}.${field}`, element);
      else nameInputs.current.delete(`${index}.${field}`);
    },
    /** The next period's name field after `index` (covered periods have none), else Add, else Save. */
    focusAfter: (index: number) => {
      const next = periodsWithInputs().find((i) => i > index);
      (next !== undefined ? nameInput(next) : (addButton.current ?? saveButton.current))?.focus();
    },
    /**
     * Where a failed Save sends the focus: the field to fix (its key, "3.name"), else the first row
     * holding a duplicate, or the first empty period to fill.
     */
    focusFirstProblem: (firstFieldError: string | null, duplicateRows: ReadonlySet<number>) => {
      if (firstFieldError) {
        nameInputs.current.get(firstFieldError)?.focus();
        return;
      }
      const index = [...duplicateRows][0] ?? periodsWithInputs().find((i) => nameInput(i)?.value.trim() === "");
      if (index !== undefined) nameInput(index)?.focus();
    },
  };
}
