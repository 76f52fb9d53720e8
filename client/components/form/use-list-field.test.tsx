import { screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import { renderComponent } from "@/test/render";
import { useListField } from "./use-list-field";

type Values = { names: { name: string }[] };

/** A list of names in a form: each row's input registered by path, Add, Remove, and "Reverse" setting the list whole. */
function Names({ initial }: { initial: string[] }) {
  const form = useForm<Values>({ defaultValues: { names: initial.map((name) => ({ name })) } });
  const { keys, items, append, remove } = useListField(form, "names");
  return (
    <form>
      {keys.map((key, index) => (
        <div key={key}>
          <input aria-label={`Name ${index + 1}`} {...form.register(`names.${index}.name`)} />
          <button type="button" onClick={() => remove(index)}>{`Remove ${items[index]?.name ?? ""}`}</button>
        </div>
      ))}
      <button type="button" onClick={() => append({ name: "" })}>
        Add
      </button>
      <button type="button" onClick={() => form.setValue("names", [...form.getValues("names")].reverse().concat({ name: "Zoe" }))}>
        Reverse and add Zoe
      </button>
      <output>{JSON.stringify(items.map((n) => n.name))}</output>
    </form>
  );
}

describe("a list field", () => {
  it("adds and removes rows in the form's values, each row's input keeping its own element and text", async () => {
    const { user } = await renderComponent(<Names initial={["Ana", "Ben", "Cy"]} />);
    const cy = screen.getByRole("textbox", { name: "Name 3" });
    await user.click(screen.getByRole("button", { name: "Remove Ben" }));
    // Cy's row is now the second: the same input element, its text kept.
    expect(screen.getByRole("textbox", { name: "Name 2" })).toBe(cy);
    expect(cy).toHaveValue("Cy");
    expect(screen.getByRole("status")).toHaveTextContent('["Ana","Cy"]');

    await user.click(screen.getByRole("button", { name: "Add" }));
    await user.type(screen.getByRole("textbox", { name: "Name 3" }), "Dee");
    expect(screen.getByRole("status")).toHaveTextContent('["Ana","Cy","Dee"]');
  });

  it("follows a list set whole from elsewhere", async () => {
    const { user } = await renderComponent(<Names initial={["Ana", "Ben"]} />);
    await user.click(screen.getByRole("button", { name: "Reverse and add Zoe" }));
    expect(screen.getAllByRole("textbox").map((input) => (input as HTMLInputElement).value)).toEqual(["Ben", "Ana", "Zoe"]);
    await user.click(screen.getByRole("button", { name: "Remove Ana" }));
    expect(screen.getByRole("status")).toHaveTextContent('["Ben","Zoe"]');
  });
});
