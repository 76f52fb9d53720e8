import { useEffect } from "react";
import { useForm, type DefaultValues, type FieldValues, type Resolver, type UseFormProps } from "react-hook-form";
import type { z } from "zod";
import { onDemand } from "@/lib/on-demand";
import { onDemandResolver } from "@/lib/on-demand-resolver";
import { type FieldOf, schemaResolver } from "./schema-resolver";

// The one way a form keeps and checks its state (docs/decisions/128): react-hook-form, checked by
// the shared zod schema the API checks with, so a form shows the server's words one round trip
// sooner. The resolver (schema-resolver.ts) imports nothing of zod, so a form whose schema
// arrives on demand keeps zod off its first screen.

type FormSchema = z.ZodType<unknown, FieldValues>;

/** A schema downloaded when the form is first used, not with the screen (docs/decisions/102). */
export type OnDemandSchema<TSchema extends FormSchema> = {
  readonly kind: "on-demand";
  /** Starts the download (on the form's first focus or press), or joins the one under way. */
  readonly prefetch: () => void;
  /** Its resolver, typed by a form's values (useSchemaForm checks that they are the schema's input). */
  readonly resolverFor: <TValues extends FieldValues>(fieldOf?: FieldOf<TValues>) => Resolver<TValues, unknown, z.output<TSchema>>;
};

/**
 * A form's schema from a chunk of its own. The form starts the download on its first focus or
 * press, and validation waits for it; if the download fails (offline) the form is sent
 * unvalidated and the server, checking with the same schema, answers with the same words.
 */
export function onDemandSchema<TSchema extends FormSchema>(load: () => Promise<TSchema>): OnDemandSchema<TSchema> {
  const schema = onDemand(load);
  return {
    kind: "on-demand",
    prefetch: () => {
      schema.load().catch(() => {
        // Tried again when the form validates.
      });
    },
    resolverFor: <TValues extends FieldValues>(fieldOf?: FieldOf<TValues>) =>
      onDemandResolver<TValues, unknown, z.output<TSchema>>(() =>
        schema.load().then((loaded) => schemaResolver<TValues, TSchema>(loaded, fieldOf)),
      ),
  };
}

type SchemaFormOptions<TValues extends FieldValues> = Pick<UseFormProps<TValues>, "mode" | "reValidateMode" | "shouldFocusError"> & {
  /** The field each refusal belongs to, for a schema that checks a body built from the values (schema-resolver.ts). */
  fieldOf?: FieldOf<TValues>;
  /**
   * For a schema whose refusals span fields (a name repeated in two rows, a date checked against
   * the school days): while true, every change checks the whole form again, so each message comes
   * and goes with the typing, not only the changed field's. Given (true or false), it replaces
   * react-hook-form's own recheck of the changed field after a submit: a form passes
   * `recheckWhole: refusedSaves > 0` to show its messages from the first refused save on.
   */
  recheckWhole?: boolean;
};

/**
 * A form checked by a shared zod schema, whose output (trimmed, blanks as null) is what
 * handleSubmit hands over, typed as such. `prefetch` is for the form's onFocus and onPointerDown
 * (it starts an on-demand schema's download; nothing for a schema already here). The server's
 * refusals land on the fields through `applyServerFieldErrors` (lib/form-errors.ts); a form whose
 * save creates something keeps `useSubmissionKeys` (form-dialog.tsx) beside it.
 */
export function useSchemaForm<TSchema extends FormSchema, TValues extends z.input<TSchema> & FieldValues>(
  schema: TSchema | OnDemandSchema<TSchema>,
  defaultValues: TValues,
  { fieldOf, recheckWhole, ...options }: SchemaFormOptions<TValues> = {},
) {
  const form = useForm<TValues, unknown, z.output<TSchema>>({
    ...(recheckWhole === undefined ? {} : { reValidateMode: "onSubmit" }),
    ...options,
    resolver: isOnDemand(schema) ? schema.resolverFor<TValues>(fieldOf) : schemaResolver<TValues, TSchema>(schema, fieldOf),
    defaultValues: defaultValues as DefaultValues<TValues>,
  });
  const { subscribe, trigger } = form;
  useEffect(() => {
    if (!recheckWhole) return;
    return subscribe({ formState: { values: true }, callback: () => void trigger() });
  }, [recheckWhole, subscribe, trigger]);
  const prefetch = isOnDemand(schema) ? schema.prefetch : noPrefetch;
  return { form, prefetch };
}

const noPrefetch = () => {};

function isOnDemand<TSchema extends FormSchema>(schema: TSchema | OnDemandSchema<TSchema>): schema is OnDemandSchema<TSchema> {
  return (schema as Partial<OnDemandSchema<TSchema>>).kind === "on-demand";
}
