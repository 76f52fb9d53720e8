import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Plan } from "@core/schemas/plan";
import { event, task } from "@core/test/builders";
import { student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { shortfall } from "./tonight-card";

const day = (date: string, availableMinutes: number, plannedMinutes: number, blocks: Plan["days"][number]["blocks"] = []) => ({
  date,
  availableMinutes,
  plannedMinutes,
  blocks,
});
const block = (title: string, start: string, end: string, kind: "task" | "exam-prep" = "task") => ({
  kind,
  taskId: kind === "task" ? 1 : null,
  eventId: kind === "task" ? null : 2,
  title,
  subject: null,
  start,
  end,
  defaultEstimate: false,
});

// Monday 2026-11-30 to Friday 2026-12-04: Friday's work needs 190 minutes, 150 fit.
const CRUNCH: Plan = {
  days: [
    day("2026-11-30", 60, 60, [block("Essay", "16:00", "16:45"), block("Chemistry exam", "16:45", "17:00", "exam-prep")]),
    day("2026-12-01", 30, 30),
    day("2026-12-02", 30, 30),
    day("2026-12-03", 0, 0),
    day("2026-12-04", 30, 30),
  ],
  unplaced: [{ taskId: 5, eventId: null, title: "Project", dueDate: "2026-12-04", dueTime: null, minutesShort: 40 }],
};

describe("the Tonight card's honest line", () => {
  it("adds what is planned and what does not fit up to the first day short, against that time's free minutes", () => {
    expect(shortfall(CRUNCH)).toEqual({ date: "2026-12-04", needed: 190, free: 150 });
    expect(shortfall({ ...CRUNCH, unplaced: [] })).toBeNull();
  });
});

describe("the Tonight card on Home", () => {
  it("shows tonight's blocks and what does not fit, and opens the study plan's screen", async () => {
    const { server, user } = await renderApp("/", { user: student(), now: "2026-11-30T10:00:00-05:00" });
    server.answer("GET /api/user/plan", CRUNCH);
    const card = await screen.findByRole("region", { name: "Tonight" }, { timeout: 10_000 });
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual(["4:00 PM · Essay Start", "4:45 PM · Revise: Chemistry exam Start"]);
    expect(card).toHaveTextContent("Friday needs 3 h 10 min; you have 2 h 30 min free before then.");
    await user.click(within(card).getByRole("button", { name: "See the plan" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Study plan" })).toBeVisible();
    expect(window.location.pathname).toBe("/plan");
  });

  it("says so when nothing is planned tonight, in Spanish", async () => {
    const { server } = await renderApp("/", { user: student({ locale: "es" }), locale: "es", now: "2026-11-30T10:00:00-05:00" });
    server.answer("GET /api/user/plan", { days: [day("2026-11-30", 180, 0)], unplaced: [] });
    const card = await screen.findByRole("region", { name: "Esta noche" }, { timeout: 10_000 });
    expect(card).toHaveTextContent("Nada planificado para esta noche.");
  });

  it("starts a focus timer from a block, and shows it running with the way back to it", async () => {
    const { server, user } = await renderApp("/", { user: student({ id: 1 }), now: "2026-11-30T16:00:00-05:00" });
    server.answer("GET /api/user/plan", CRUNCH);
    const card = await screen.findByRole("region", { name: "Tonight" }, { timeout: 10_000 });
    await user.click(within(card).getByRole("button", { name: "Start focus on Revise: Chemistry exam" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Focus timer" }, { timeout: 10_000 })).toBeVisible();
    expect(window.location.pathname).toBe("/focus");
    expect(screen.getByText("Revise: Chemistry exam")).toBeVisible();
    expect(screen.getByRole("timer")).toHaveTextContent("25:00");
    // An exam's revision counts on no task.
    expect(JSON.parse(localStorage.getItem("focus-timer-1")!)).toMatchObject({ taskId: null, focusMinutes: 25, breakMinutes: 5 });

    await user.click(screen.getByRole("link", { name: "Back to Home" }));
    const again = await screen.findByRole("region", { name: "Tonight" }, { timeout: 10_000 });
    expect(within(again).getByRole("status")).toHaveTextContent(/^Focus timer: Focus, 2[45]:\d\d left$/);
    await user.click(within(again).getByRole("button", { name: "Open timer" }));
    expect(await screen.findByRole("timer")).toBeVisible();
  });

  it("puts today's blocks faintly in Today's Schedule, by the clock among the day's events and tasks", async () => {
    const { server } = await renderApp("/", { user: student(), now: "2026-11-30T10:00:00-05:00" });
    server.answer("GET /api/user/plan", CRUNCH);
    server.answer("GET /api/events", [event({ id: 9, title: "Soccer practice", date: "2026-11-30", time: "16:30" })]);
    server.answer("GET /api/tasks", [task({ id: 1, title: "Essay", dueDate: "2026-11-30" })]);
    const schedule = await screen.findByRole("list", { name: "Today's schedule" }, { timeout: 10_000 });
    await waitFor(() => expect(within(schedule).getAllByRole("listitem")).toHaveLength(4), { timeout: 10_000 });
    expect(
      within(schedule)
        .getAllByRole("listitem")
        .map((row) => row.textContent),
    ).toEqual([
      "4:00 PMEssayUntil 4:45 PMStudy block",
      "4:30 PMSoccer practiceCustom Event",
      "4:45 PMRevise: Chemistry examUntil 5:00 PMStudy block",
      "11:59 PMEssayDue",
    ]);
  });
});
