import { screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { Form } from "@/components/ui/form";
import { TextField } from "@/components/form/text-field";
import { renderComponent } from "@/test/render";
import { onDemandSchema, useSchemaForm, type OnDemandSchema } from "./use-schema-form";

/**
 * The one form technique (decision 128): a form checked by a zod schema hands the schema's output
 * to its save and shows the schema's words under the fields, whether the schema was here from the
 * start or arrives on demand (decision 102).
 */
const nameSchema = z.object({ name: z.string().trim().min(1, "Enter a name") });

function NameForm({ schema, onSave }: { schema: typeof nameSchema | OnDemandSchema<typeof nameSchema>; onSave: (name: string) => void }) {
  const { form, prefetch } = useSchemaForm(schema, { name: "" });
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit((values) => onSave(values.name))} onFocus={prefetch} noValidate aria-label="Name">
        <TextField control={form.control} clearErrors={form.clearErrors} name="name" label="Name" />
        <button type="submit">Save</button>
      </form>
    </Form>
  );
}

describe("a schema form", () => {
  it("hands the schema's output to the save, and shows the schema's message under its field", async () => {
    const onSave = vi.fn();
    const { user } = await renderComponent(<NameForm schema={nameSchema} onSave={onSave} />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Enter a name")).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();

    await user.type(screen.getByRole("textbox", { name: "Name" }), "  Maya  ");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledWith("Maya"));
  });

  it("with its schema on demand, downloads it once at the first focus, and a save pressed before it arrived waits for it", async () => {
    let arrive!: (schema: typeof nameSchema) => void;
    const load = vi.fn(() => new Promise<typeof nameSchema>((resolve) => (arrive = resolve)));
    const schema = onDemandSchema(load);
    const onSave = vi.fn();
    const { user } = await renderComponent(<NameForm schema={schema} onSave={onSave} />);
    expect(load).not.toHaveBeenCalled();

    await user.click(screen.getByRole("textbox", { name: "Name" }));
    expect(load).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(screen.queryByText("Enter a name")).toBeNull();

    arrive(nameSchema);
    expect(await screen.findByText("Enter a name")).toBeVisible();
    await user.type(screen.getByRole("textbox", { name: "Name" }), " Leo ");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledWith("Leo"));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("with its schema on demand that cannot be downloaded (offline), sends the form as it is for the server to check", async () => {
    const schema = onDemandSchema<typeof nameSchema>(() => Promise.reject(new Error("offline")));
    const onSave = vi.fn();
    const { user } = await renderComponent(<NameForm schema={schema} onSave={onSave} />);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledWith(""));
  });
});

/** Two names that must differ: a refusal that spans fields, shown on the second. */
const pairSchema = z
  .object({ first: z.string(), second: z.string() })
  .refine((pair) => pair.first.trim() === "" || pair.first.trim() !== pair.second.trim(), { message: "Names repeat", path: ["second"] });

function PairForm({ onSave }: { onSave: () => void }) {
  const [refused, setRefused] = useState(0);
  const { form } = useSchemaForm(pairSchema, { first: "", second: "" }, { recheckWhole: refused > 0 });
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSave, () => setRefused((n) => n + 1))} noValidate aria-label="Pair">
        <TextField control={form.control} clearErrors={() => {}} name="first" label="First" />
        <TextField control={form.control} clearErrors={() => {}} name="second" label="Second" />
        <button type="submit">Save</button>
      </form>
    </Form>
  );
}

describe("a schema form that rechecks the whole of it", () => {
  it("says nothing before the first refused save; after it, a change to one field brings and takes away another's message", async () => {
    const onSave = vi.fn();
    const { user } = await renderComponent(<PairForm onSave={onSave} />);
    const first = screen.getByRole("textbox", { name: "First" });
    const second = screen.getByRole("textbox", { name: "Second" });
    await user.type(first, "Art");
    await user.type(second, "Art");
    expect(screen.queryByText("Names repeat")).toBeNull();

    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Names repeat")).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();
    // The first field changes, the second's message goes: react-hook-form alone would recheck only the first.
    await user.type(first, "s");
    await vi.waitFor(() => expect(screen.queryByText("Names repeat")).toBeNull());
    expect(second).toHaveAttribute("aria-invalid", "false");
    await user.type(first, "{Backspace}");
    expect(await screen.findByText("Names repeat")).toBeVisible();
    expect(second).toHaveAttribute("aria-invalid", "true");

    await user.clear(second);
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
  });
});
