import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Plan } from "@core/schemas/plan";
import { student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { englishOnScreen } from "@/test/english-on-screen";

const PLAN: Plan = {
  days: [
    {
      date: "2026-11-30",
      availableMinutes: 180,
      plannedMinutes: 105,
      blocks: [
        {
          kind: "task",
          taskId: 1,
          eventId: null,
          title: "Essay",
          subject: "English",
          start: "16:00",
          end: "17:00",
          defaultEstimate: false,
        },
        {
          kind: "exam-prep",
          taskId: null,
          eventId: 7,
          title: "Chemistry exam",
          subject: null,
          start: "17:00",
          end: "17:30",
          defaultEstimate: false,
        },
        { kind: "task", taskId: 2, eventId: null, title: "Worksheet", subject: null, start: "17:30", end: "17:45", defaultEstimate: true },
      ],
    },
    { date: "2026-12-01", availableMinutes: 0, plannedMinutes: 0, blocks: [] },
  ],
  unplaced: [{ taskId: 3, eventId: null, title: "Project", dueDate: "2026-12-01", dueTime: null, minutesShort: 70 }],
};

async function openPlan(locale: "en" | "es" = "en", plan: Plan = PLAN) {
  const who = locale === "es" ? student({ firstName: "Ana", locale: "es" }) : student();
  const rendered = await renderApp("/plan", { user: who, locale, width: 375, now: "2026-11-30T10:00:00-05:00" });
  rendered.server.answer("GET /api/user/plan", plan);
  return rendered;
}

describe("the study plan's screen (/plan)", () => {
  it("shows each day's planned time against its free time, its blocks in order, and what does not fit", async () => {
    await openPlan();
    expect(await screen.findByRole("heading", { level: 1, name: "Study plan" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
    const week = await screen.findByRole("list", { name: "This week" });
    const monday = within(week).getAllByRole("listitem")[0]!;
    expect(monday).toHaveTextContent("1 h 45 min planned of 3 h free");
    const blocks = within(monday).getByRole("list", { name: "Planned on Mon, Nov 30, 2026" });
    expect(
      within(blocks)
        .getAllByRole("listitem")
        .map((b) => b.textContent),
    ).toEqual([
      "4:00 PM–5:00 PMEssayEnglish Start",
      "5:00 PM–5:30 PMRevise: Chemistry exam Start",
      "5:30 PM–5:45 PMWorksheet(30 min, no time needed set) Start",
    ]);
    // The days ahead are for looking: only today's blocks can be started.
    expect(within(week).getAllByRole("button", { name: /^Start focus on/ })).toHaveLength(3);
    expect(within(week).getAllByRole("listitem").at(-1)).toHaveTextContent("No free time");
    const unplaced = screen.getByRole("region", { name: "Does not fit" });
    expect(unplaced).toHaveTextContent("Project, due Tue, Dec 1, 2026: 1 h 10 min short");
  });

  it("starts a focus timer on one of today's blocks: the time counts on its task", async () => {
    const { user } = await openPlan();
    await user.click(await screen.findByRole("button", { name: "Start focus on Essay" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Focus timer" })).toBeVisible();
    expect(screen.getByRole("timer")).toHaveTextContent("25:00");
    expect(JSON.parse(localStorage.getItem(`focus-timer-${student().id}`)!)).toMatchObject({ taskId: 1, title: "Essay" });
  });

  it("says when there is nothing to plan", async () => {
    await openPlan("en", { days: [{ date: "2026-11-30", availableMinutes: 180, plannedMinutes: 0, blocks: [] }], unplaced: [] });
    expect(await screen.findByText("Nothing to plan: no tasks with a due date ahead.")).toBeVisible();
    expect(screen.getByText("Nothing planned")).toBeVisible();
  });

  it("reads in Spanish", async () => {
    await openPlan("es");
    expect(await screen.findByRole("heading", { level: 1, name: "Plan de estudio" })).toBeVisible();
    expect(await screen.findByText("Repasar: Chemistry exam")).toBeVisible();
    expect(englishOnScreen(["Essay", "English", "Chemistry exam", "Worksheet", "Project", "Ana"])).toEqual([]);
  });
});
