import { useMemo, useState } from "react";

/** The School Day step's number fields: the quick fill's three lengths and the cycle's days. */
export type NumberFieldName = "periodMinutes" | "passingMinutes" | "lunchMinutes" | "cycleLength";
export const QUICK_FILL_FIELDS: readonly NumberFieldName[] = ["periodMinutes", "passingMinutes", "lunchMinutes"];

export type NumberValidity = {
  /** The fields whose text is not a whole number in range just now. */
  invalid: ReadonlySet<NumberFieldName>;
  /** What each field calls when its text becomes, or stops being, a whole number in range. */
  reporters: Record<NumberFieldName, (valid: boolean) => void>;
};

/**
 * Number fields whose text is not a whole number in range just now (an empty one while typing):
 * the form keeps their last good value, and neither Fill nor Save goes on while they show it.
 */
export function useNumberValidity(): NumberValidity {
  const [invalid, setInvalid] = useState<ReadonlySet<NumberFieldName>>(() => new Set());
  const reporters = useMemo(() => {
    const reporter = (name: NumberFieldName) => (valid: boolean) =>
      setInvalid((current) => {
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
  return { invalid, reporters };
}

/** The form's names of the fields that check themselves (whole-number-field.tsx). */
const SELF_CHECKED = /^(quickFill\.|rotation\.cycleLength$)/;

/** Whether the form's errors hold a refusal of its schema, not only the number fields' own messages. */
export function hasSchemaRefusal(errors: object, path = ""): boolean {
  return Object.entries(errors).some(([key, node]) => {
    const name = path ? `${path}.${key}` : key;
    if (typeof node !== "object" || node === null || key === "ref") return false;
    if ("message" in node && typeof node.message === "string") return !SELF_CHECKED.test(name);
    return hasSchemaRefusal(node as object, name);
  });
}
