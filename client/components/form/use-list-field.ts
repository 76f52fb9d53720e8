import { useState } from "react";
import {
  type ArrayPath,
  type FieldArray,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
  useWatch,
} from "react-hook-form";

/** What the hook needs of a form: its values' type, whatever its resolver hands over. */
type ListForm<TValues extends FieldValues> = Pick<UseFormReturn<TValues, unknown, unknown>, "control" | "getValues" | "setValue">;

/**
 * A list in a form's values (the class rows, bell times, alternates, days off), its items' fields
 * registered by path (`daysOff.2.from`) like any other (decision 128). Each item keeps a key for
 * React while rows are added and removed around it, so a row's inputs and focus stay with it.
 *
 * Ours rather than react-hook-form's `useFieldArray`: that hook lives in the one react-hook-form
 * module every form screen downloads, and once any screen uses it, `/auth`'s first screen carries
 * it too (1.5 KB, past its budget in Spanish). A list set whole from elsewhere (a quick fill,
 * "2 hours later") is followed: keys are kept for the items still there.
 */
export function useListField<TValues extends FieldValues, TName extends ArrayPath<TValues>>(form: ListForm<TValues>, name: TName) {
  type TItem = FieldArray<TValues, TName>;
  // An array path is a path: react-hook-form types the two apart.
  const path = name as unknown as Path<TValues>;
  const items = (useWatch({ control: form.control, name: path }) ?? []) as TItem[];
  const [keys, setKeys] = useState<readonly number[]>(() => items.map((_, index) => index));
  let current = keys;
  if (keys.length !== items.length) {
    // Set whole from elsewhere: keys for the items kept, new ones for the items added.
    current = keys.length > items.length ? keys.slice(0, items.length) : [...keys, ...freshKeys(keys, items.length - keys.length)];
    setKeys(current);
  }
  const list = () => (form.getValues(path) ?? []) as TItem[];
  const setList = (next: TItem[]) => form.setValue(path, next as PathValue<TValues, Path<TValues>>);
  return {
    items,
    keys: current,
    append(item: TItem) {
      setKeys([...current, ...freshKeys(current, 1)]);
      setList([...list(), item]);
    },
    remove(index: number) {
      setKeys(current.filter((_, at) => at !== index));
      setList(list().filter((_, at) => at !== index));
    },
  };
}

function freshKeys(taken: readonly number[], count: number): number[] {
  const first = taken.length === 0 ? 0 : Math.max(...taken) + 1;
  return Array.from({ length: count }, (_, index) => first + index);
}
