import { z } from "zod";

/**
 * The JSON schema Fastify compiles into a response serializer (fast-json-stringify), derived
 * from a core/ zod schema so the answer and its type have one source. The serializer writes only
 * the properties the schema names (a row's extra columns never leak) and is much faster than
 * JSON.stringify on hot lists.
 *
 * draft-07 is the dialect Fastify's Ajv speaks; `$schema` is dropped because the serializer
 * resolves no meta-schemas. Nullable fields come out as `type: [T, "null"]`, integers as
 * `type: "integer"`, and `required` lists every field that is not optional.
 */
export function responseSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: "draft-07", io: "output" });
  return json;
}
