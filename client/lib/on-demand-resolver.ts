import type { FieldValues, Resolver } from "react-hook-form";

/**
 * A react-hook-form resolver whose schema, and zod with it, is downloaded when the form first
 * needs it rather than with the screen (docs/decisions/102): `/auth` shows its form without
 * zod's 25 KB. `load` gives the resolver (keep it with `onDemand`, so it downloads once); the form
 * starts that download as soon as someone uses it (on its first focus or press), and validation
 * waits for it, so a press of the submit button before it has arrived still validates, one round
 * trip later.
 *
 * If the download fails (offline), the form is sent unvalidated rather than not at all: the
 * server validates with the same schema and answers with the same messages, and a request that
 * cannot leave fails as it would have. The next validation tries the download again.
 */
export function onDemandResolver<TFieldValues extends FieldValues, TContext, TTransformedValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformedValues>>,
): Resolver<TFieldValues, TContext, TTransformedValues> {
  return async (values, context, options) => {
    let resolver: Resolver<TFieldValues, TContext, TTransformedValues>;
    try {
      resolver = await load();
    } catch {
      // Unvalidated: what the form holds is what it sends (the server checks it).
      return { values: values as unknown as TTransformedValues, errors: {} };
    }
    return resolver(values, context, options);
  };
}
