import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { DEFAULT_SCHOOL_SCHEDULE, type SchoolSchedule } from "@core/school-day";
import { NOW } from "@/test/daily-driver";
import { FakeServer, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/daily-driver-three.spec.ts and e2e/daily-driver-three-client.spec.ts
// (docs/decisions/120): the School Day step's words and number fields.

/** Settings → School Day, from the sidebar, the student following her own school day. */
async function openSchoolDayStep() {
  const server = new FakeServer();
  server.answer("GET /api/user/schedule", DEFAULT_SCHOOL_SCHEDULE);
  server.answer("GET /api/school/schedule", null);
  server.on("PUT /api/user/schedule", ({ body }) => body as SchoolSchedule);
  const rendered = await renderApp("/", { server, user: student(), now: NOW });
  const { user } = rendered;
  await user.click(within(await screen.findByRole("complementary", { name: "Sidebar" })).getByRole("button", { name: "Settings" }));
  await user.click(within(await screen.findByRole("dialog", { name: "Settings" })).getByRole("button", { name: "School Day" }));
  const step = await screen.findByRole("dialog", { name: "School Day" });
  return { ...rendered, step };
}

describe("the School Day step", () => {
  it("reads the A/B anchor as an A day and a B day", async () => {
    const { user, step } = await openSchoolDayStep();
    await user.selectOptions(within(step).getByLabelText("Timetable"), "ab");
    const anchor = within(step).getByLabelText("it is");
    expect(
      within(anchor)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["an A day", "a B day"]);
  });
});

describe("the School Day step's number fields", () => {
  it("may be empty while typing, so clearing and typing 50 gives 50; left empty or out of range they say so and keep the value", async () => {
    const { user, step, server } = await openSchoolDayStep();
    const WHOLE_MINUTES = "Enter a whole number from 1 to 240.";
    const period = await within(step).findByLabelText("Period (minutes)");
    await user.clear(period);
    expect(period).toHaveValue(null);
    await user.type(period, "45");
    expect(period).toHaveValue(45);
    await user.clear(period);
    await user.type(period, "50");
    expect(period).toHaveValue(50);
    await user.click(within(step).getByRole("button", { name: "Fill Bell Times" }));
    expect(within(step).getByLabelText("1st period · Mathematics ends")).toHaveValue("08:50");

    // Left empty: no message while typing, one on leaving, and Fill keeps the bell times as they were.
    await user.clear(period);
    expect(within(step).queryByText(WHOLE_MINUTES)).toBeNull();
    await user.tab();
    expect(period).toHaveAttribute("aria-invalid", "true");
    expect(period).toHaveAccessibleDescription(WHOLE_MINUTES);
    await user.click(within(step).getByRole("button", { name: "Fill Bell Times" }));
    expect(within(step).getByLabelText("1st period · Mathematics ends")).toHaveValue("08:50");
    await user.clear(period);
    await user.type(period, "400");
    await user.tab();
    expect(period).toHaveAccessibleDescription(WHOLE_MINUTES);
    await user.clear(period);
    await user.type(period, "45");
    expect(within(step).queryByText(WHOLE_MINUTES)).toBeNull();

    await user.selectOptions(within(step).getByLabelText("Timetable"), "cycle");
    const cycle = within(step).getByLabelText("Days in the cycle");
    expect(cycle).toHaveValue(6);
    await user.clear(cycle);
    expect(cycle).toHaveValue(null);
    await user.type(cycle, "8");
    expect(cycle).toHaveValue(8);
    expect(within(within(step).getByLabelText("it is")).getAllByRole("option")).toHaveLength(8);
    await user.clear(cycle);
    await user.tab();
    expect(cycle).toHaveAccessibleDescription("Enter a whole number from 2 to 10.");

    // Saved from the empty field: refused, nothing sent.
    const anchorDate = within(step).getByLabelText("On this date");
    await user.clear(anchorDate);
    await user.type(anchorDate, "2026-12-07");
    await user.click(within(step).getByRole("button", { name: "Save School Day" }));
    expect(await within(step).findByRole("alert")).toHaveTextContent("Please fix the highlighted fields.");
    expect(server.sent("PUT /api/user/schedule")).toEqual([]);
    await user.type(cycle, "8");
    await user.click(within(step).getByRole("button", { name: "Save School Day" }));
    expect(await screen.findByText("Your school day has been saved.")).toBeVisible();
    expect(screen.getByText("Success!")).toBeVisible();
    expect((server.body("PUT /api/user/schedule") as SchoolSchedule).rotation?.days).toHaveLength(8);
  });
});
