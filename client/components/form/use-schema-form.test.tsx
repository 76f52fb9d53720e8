import { screen } from "@testing-library/react";
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
