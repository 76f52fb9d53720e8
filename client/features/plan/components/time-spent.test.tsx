import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { FocusStats } from "@core/schemas/focus";
import type { Plan } from "@core/schemas/plan";
import { translateInEnglish, translateInSpanish } from "@core/test/in-english";
import { student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { estimateLine } from "./time-spent";

const PLAN: Plan = { days: [{ date: "2026-12-02", availableMinutes: 180, plannedMinutes: 0, blocks: [] }], unplaced: [] };
const STATS: FocusStats = {
  days: [
    { date: "2026-11-30", minutes: 50 },
    { date: "2026-12-01", minutes: 75 },
    { date: "2026-12-02", minutes: 0 },
  ],
  subjects: [
    { subject: "English", minutes: 90 },
    { subject: null, minutes: 35 },
  ],
  estimates: { tasks: 2, estimatedMinutes: 90, spentMinutes: 117 },
};

describe("how the estimates compare", () => {
  it("says short, long or about right, by whole percent, in both languages", () => {
    expect(estimateLine(STATS.estimates, translateInEnglish)).toBe("Your estimates run about 30% short (2 tasks).");
    expect(estimateLine({ tasks: 1, estimatedMinutes: 60, spentMinutes: 45 }, translateInEnglish)).toBe(
      "Your estimates run about 25% long (1 task).",
    );
    expect(estimateLine({ tasks: 3, estimatedMinutes: 100, spentMinutes: 105 }, translateInEnglish)).toBe(
      "Your estimates are about right (3 tasks).",
    );
    expect(estimateLine({ tasks: 0, estimatedMinutes: 0, spentMinutes: 0 }, translateInEnglish)).toMatch(/^Finish a task/);
    expect(estimateLine(STATS.estimates, translateInSpanish)).toBe("Tus estimaciones se quedan cortas en un 30% (2 tareas).");
  });
});

describe("where the time went, on the study plan's screen", () => {
  it("shows the week's minutes per day and per subject, and asks the server for the month when chosen", async () => {
    const { server, user } = await renderApp("/plan", { user: student(), now: "2026-12-02T10:00:00-05:00" });
    server.answer("GET /api/user/plan", PLAN);
    server.answer("GET /api/user/focus-stats", STATS);
    const section = await screen.findByRole("region", { name: "Where the time went" });
    expect(await within(section).findByText("2 h 5 min of focus")).toBeVisible();
    expect(
      within(within(section).getByRole("list", { name: "Focus by day" }))
        .getAllByRole("listitem")
        .map((d) => d.textContent),
    ).toEqual(["Mon, Nov 3050 min", "Tue, Dec 11 h 15 min", "Wed, Dec 20 min"]);
    expect(
      within(within(section).getByRole("list", { name: "Focus by subject" }))
        .getAllByRole("listitem")
        .map((d) => d.textContent),
    ).toEqual(["English1 h 30 min", "No subject35 min"]);
    expect(section).toHaveTextContent("Your estimates run about 30% short (2 tasks).");
    expect(server.sent("GET /api/user/focus-stats").map((r) => r.url)).toEqual([expect.stringContaining("from=2026-11-26&to=2026-12-02")]);

    await user.click(within(section).getByRole("button", { name: "Last 30 days" }));
    await within(section).findByText("2 h 5 min of focus");
    expect(server.sent("GET /api/user/focus-stats").at(-1)?.url).toContain("from=2026-11-03&to=2026-12-02");
  });

  it("says when there is no focus time yet", async () => {
    const { server } = await renderApp("/plan", { user: student(), now: "2026-12-02T10:00:00-05:00" });
    server.answer("GET /api/user/plan", PLAN);
    expect(await screen.findByText("No focus time in these days yet.")).toBeVisible();
  });
});
