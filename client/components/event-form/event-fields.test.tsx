import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { date, eventType, type EventType, time, TITLE_REQUIRED, title } from "@core/schemas/event";
import { inEnglish } from "@core/test/in-english";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { Form, FormControl, FormField, FormItem, FormLabel } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { renderComponent } from "@/test/render";
import { type EventFieldValues, eventFieldValues } from "./event-field-values";
import { EventFields } from "./event-fields";
import type { EventTypePicker } from "./event-type-field";

/**
 * The one event form (issue 50) in the two ways it is used: the calendar's (type buttons, its
 * title marked required, a type that renames the event) and staff's (a type menu, a field of their
 * own beside the date). Each checks with the shared fields' schemas and shows their words.
 */
const schema = z.object({ title, description: z.string().trim(), date, time, eventType, note: z.string() });
type Values = EventFieldValues & { note: string };

const LABELS = { title: "Title", description: "Description", date: "Date", time: "Time", type: "Type" };

function EventForm(props: {
  picker: EventTypePicker;
  onSave: (values: z.output<typeof schema>) => void;
  onTypeChange?: (type: EventType) => void;
}) {
  const { form } = useSchemaForm(schema, { ...eventFieldValues(null, "2026-11-30"), note: "" } satisfies Values);
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(props.onSave)} noValidate aria-label="Event">
        <EventFields
          form={form}
          labels={LABELS}
          today="2026-11-30"
          typePicker={props.picker}
          onTypeChange={props.onTypeChange}
          markRequired={props.picker === "buttons"}
          besideDate={
            props.picker === "menu" && (
              <FormField
                control={form.control}
                name="note"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Note</FormLabel>
                    <FormControl>
                      <Input {...field} />
                    </FormControl>
                  </FormItem>
                )}
              />
            )
          }
        />
        <button type="submit">Save</button>
      </form>
    </Form>
  );
}

describe("the one event form", () => {
  it("as the calendar's: type buttons, the title marked required, and the schema's words under the title; nothing saved until it is valid", async () => {
    const onSave = vi.fn();
    const onTypeChange = vi.fn();
    const { user } = await renderComponent(<EventForm picker="buttons" onSave={onSave} onTypeChange={onTypeChange} />);
    const titleBox = screen.getByRole("textbox", { name: "Title" });
    expect(titleBox).toHaveAttribute("aria-required", "true");
    expect((titleBox as HTMLInputElement).labels?.[0]?.textContent).toBe("Title *");
    const types = screen.getByRole("group", { name: "Type" });
    expect(within(types).getByRole("button", { name: "Custom Event" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByRole("combobox", { name: "Type" })).toBeNull();

    await user.type(titleBox, "   ");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(inEnglish(TITLE_REQUIRED)!)).toBeVisible();
    expect(titleBox).toHaveAccessibleDescription(inEnglish(TITLE_REQUIRED)!);
    expect(onSave).not.toHaveBeenCalled();

    await user.click(within(types).getByRole("button", { name: "Exam" }));
    expect(onTypeChange).toHaveBeenCalledWith("exam");
    expect(within(types).getByRole("button", { name: "Exam" })).toHaveAttribute("aria-pressed", "true");
    await user.type(titleBox, "Algebra test");
    await user.type(screen.getByLabelText("Time"), "08:15");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({ title: "Algebra test", date: "2026-11-30", time: "08:15", eventType: "exam", description: "" }),
        expect.anything(),
      ),
    );
  });

  it("as staff's: a type menu, their own field beside the date, and the same schema's words", async () => {
    const onSave = vi.fn();
    const onTypeChange = vi.fn();
    const { user } = await renderComponent(<EventForm picker="menu" onSave={onSave} onTypeChange={onTypeChange} />);
    expect((screen.getByRole("textbox", { name: "Title" }) as HTMLInputElement).labels?.[0]?.textContent).toBe("Title");
    expect(screen.queryByRole("group", { name: "Type" })).toBeNull();
    // The slot sits after the date and before the time.
    const date = screen.getByRole("button", { name: /^Date/ });
    const note = screen.getByRole("textbox", { name: "Note" });
    const timeBox = screen.getByLabelText("Time");
    expect(date.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(note.compareDocumentPosition(timeBox) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(inEnglish(TITLE_REQUIRED)!)).toBeVisible();
    expect(onSave).not.toHaveBeenCalled();

    await user.click(screen.getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: "2-Hour Delay" }));
    expect(onTypeChange).toHaveBeenCalledWith("delay");
    await user.type(screen.getByLabelText("Title"), "Fog");
    await user.type(note, "buses late");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({ title: "Fog", eventType: "delay", time: null, note: "buses late" }),
        expect.anything(),
      ),
    );
  });
});
