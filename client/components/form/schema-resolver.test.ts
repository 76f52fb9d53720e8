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

describe("the schema resolver, given the fields a body's paths belong to", () => {
  // The form keeps rows that may be blank; the schema checks the body, which leaves blank rows out.
  const body = z
    .custom<{ rows: { name: string }[] }>()
    .transform(({ rows }) => ({ names: rows.filter((row) => row.name !== "").map((row) => row.name) }))
    .pipe(z.object({ names: z.array(z.string().max(3, "Too long")).min(2, "Two names at least") }));
  type Values = z.input<typeof body>;
  const fieldOf = (path: readonly PropertyKey[], values: Values) => {
    const sent = values.rows.flatMap((row, index) => (row.name !== "" ? [index] : []));
    const [root, position] = path;
    if (root === "names" && typeof position === "number") return `rows.${sent[position]}.name`;
    return root === "names" ? "rows" : "";
  };
  const check = (values: Values) =>
    schemaResolver<Values, typeof body>(body, fieldOf)(values, undefined, {
      fields: {},
      names: values.rows.map((_, index) => `rows.${index}.name`),
      shouldUseNativeValidation: false,
    });

  it("puts each refusal on the field of the values it came from", async () => {
    const { errors } = await check({ rows: [{ name: "" }, { name: "ab" }, { name: "" }, { name: "long" }] });
    expect(errors).toEqual({ rows: [undefined, undefined, undefined, { name: { type: "too_big", message: "Too long" } }] });
  });

  it("puts a refusal of the body's list on the form's list, at its root", async () => {
    const { errors } = await check({ rows: [{ name: "" }, { name: "ab" }] });
    expect(errors).toEqual({ rows: { root: { type: "too_small", message: "Two names at least" } } });
  });

  it("hands over the body the schema gives when the values pass", async () => {
    expect(await check({ rows: [{ name: "ab" }, { name: "" }, { name: "cd" }] })).toEqual({ values: { names: ["ab", "cd"] }, errors: {} });
  });
});
