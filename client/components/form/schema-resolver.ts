import { set, type FieldErrors, type FieldValues, type Resolver } from "react-hook-form";
import type { z } from "zod";

/**
 * A react-hook-form resolver that checks a form's values with a zod schema: the schema's output
 * (trimmed, blanks as null) on success, else each refusal's message (a message reference, worded
 * by FormMessage: decision 108) under the field it names, the first per field. A refusal of a
 * whole list kept as a field array (`rows`) goes to its `root`, where react-hook-form keeps a
 * list's own error. A schema that checks something built from the values (a request body that
 * leaves out unset rows) names the body's paths: `fieldOf` gives the form's field for each.
 *
 * Ours rather than `@hookform/resolvers/zod`: it calls the schema's own method and imports nothing
 * at run time, so a form whose schema arrives on demand keeps every byte of its validation off the
 * first screen (the auth forms, decision 102), and it is all the forms need (no native validation,
 * no "all errors" mode).
 */
export function schemaResolver<TValues extends FieldValues, TSchema extends z.ZodType>(
  schema: TSchema,
  fieldOf: FieldOf<TValues> = pathName,
): Resolver<TValues, unknown, z.output<TSchema>> {
  return async (values, _context, options) => {
    const checked = await schema.safeParseAsync(values);
    if (checked.success) return { values: checked.data, errors: {} };
    const errors: FieldErrors<TValues> = {};
    const named = new Set<string>();
    for (const issue of checked.error.issues) {
      const name = fieldOf(issue.path, values) || "root";
      if (named.has(name)) continue;
      named.add(name);
      set(errors, isFieldArray(options.names, name) ? `${name}.root` : name, { type: issue.code, message: issue.message });
    }
    return { values: {}, errors };
  };
}

/**
 * The form's field (its name, "bells.2.end") that a refusal at `path` belongs to, given the values
 * checked; "" for the form as a whole.
 */
export type FieldOf<TValues> = (path: readonly PropertyKey[], values: TValues) => string;

/** A refusal's own path as a field's name: ["rows", 3, "name"] is "rows.3.name". */
export const pathName = (path: readonly PropertyKey[]): string => path.map(String).join(".");

/** Whether `name` is a list whose items are fields of the form ("rows" when "rows.0.name" is one). */
function isFieldArray(names: readonly string[] | undefined, name: string): boolean {
  const item = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\.\\d+`);
  return (names ?? []).some((field) => item.test(field));
}
