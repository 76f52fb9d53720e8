import { describe, expect, it } from "vitest";
import { z } from "zod";
import { schemaResolver } from "./schema-resolver";

const schema = z.object({
  title: z.string().trim().min(1, "Enter a title").max(5, "Too long"),
  rows: z
    .array(z.object({ name: z.string().min(1, "Enter a name") }))
    .refine((rows) => new Set(rows.map((r) => r.name)).size === rows.length, "Names repeat"),
});
const check = (values: z.input<typeof schema>, names: string[] = []) =>
  schemaResolver<z.input<typeof schema>, typeof schema>(schema)(values, undefined, { fields: {}, names, shouldUseNativeValidation: false });

describe("the schema resolver", () => {
  it("gives the schema's output when the values pass", async () => {
    expect(await check({ title: " Math ", rows: [{ name: "a" }] })).toEqual({
      values: { title: "Math", rows: [{ name: "a" }] },
      errors: {},
    });
  });

  it("puts each refusal under the field its path names, the first per field, nothing as values", async () => {
    const { values, errors } = await check({ title: " ", rows: [{ name: "" }, { name: "b" }] });
    expect(values).toEqual({});
    expect(errors).toEqual({
      title: { type: "too_small", message: "Enter a title" },
      rows: [{ name: { type: "too_small", message: "Enter a name" } }],
    });
  });

  it("puts a refusal of a whole list kept as a field array at the list's root", async () => {
    const { errors } = await check({ title: "Math", rows: [{ name: "a" }, { name: "a" }] }, ["title", "rows.0.name", "rows.1.name"]);
    expect(errors).toEqual({ rows: { root: { type: "custom", message: "Names repeat" } } });
  });
});
