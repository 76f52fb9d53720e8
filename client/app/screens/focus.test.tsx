import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { task } from "@core/test/builders";
import { type FocusTimer, startFocus } from "@/features/plan/utils/focus-timer";
import { findToast } from "@/test/admin";
import { queryClient } from "@/lib/query-client";
import { reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { englishOnScreen } from "@/test/english-on-screen";

const NOW = "2026-11-30T16:00:00-05:00";
const MINUTE = 60_000;
const ESSAY = task({ id: 4, title: "Essay", subject: "English", dueDate: "2026-12-01" });

/** A timer kept on this device (as a reload finds it), started `minutesAgo` before NOW. */
function keptTimer(minutesAgo: number, fields: Partial<FocusTimer> = {}): void {
  const timer = startFocus({ taskId: 4, title: "Essay", focusMinutes: 25, breakMinutes: 5 }, Date.parse(NOW) - minutesAgo * MINUTE);
  localStorage.setItem("focus-timer-1", JSON.stringify({ ...timer, ...fields }));
}

async function openFocus(locale: "en" | "es" = "en") {
  const who = locale === "es" ? student({ id: 1, locale: "es" }) : student({ id: 1 });
  const rendered = await renderApp("/focus", { user: who, locale, width: 375, now: NOW });
  rendered.server.answer("GET /api/tasks", [ESSAY, task({ id: 5, title: "Done already", completed: true })]);
  return rendered;
}

const timer = () => screen.findByRole("timer", {}, { timeout: 10_000 });

describe("the focus timer (/focus)", () => {
  it("starts a round on a task, counts it down, and a pause sends the stretch so far as a session on that task", async () => {
    const { user, server } = await openFocus();
    expect(await screen.findByRole("heading", { level: 1, name: "Focus timer" }, { timeout: 10_000 })).toBeVisible();
    await user.click(screen.getByRole("combobox", { name: "Working on" }));
    const options = await screen.findAllByRole("option");
    // Only what is left to do.
    expect(options.map((o) => o.textContent)).toEqual(["Nothing in particular", "Essay · English"]);
    await user.click(screen.getByRole("option", { name: "Essay · English" }));
    expect(screen.getByRole("combobox", { name: "Focus round" })).toHaveTextContent("25 min");
    expect(screen.getByRole("combobox", { name: "Break" })).toHaveTextContent("5 min");
    await user.click(screen.getByRole("button", { name: "Start focus" }));

    expect(await timer()).toHaveTextContent("25:00");
    expect(screen.getByText("Focus")).toBeVisible();
    expect(document.title).toBe("25:00 · Focus · Student Hub");

    vi.setSystemTime(Date.parse(NOW) + 10 * MINUTE);
    await waitFor(() => expect(screen.getByRole("timer")).toHaveTextContent("15:00"));
    await user.click(screen.getByRole("button", { name: "Pause" }));
    expect(screen.getByText("Paused")).toBeVisible();
    await waitFor(() => expect(server.sent("POST /api/focus-sessions")).toHaveLength(1));
    const [sent] = server.sent("POST /api/focus-sessions");
    const session = sent!.body as { taskId: number; startedAt: string; endedAt: string };
    expect(session.taskId).toBe(4);
    // Ten minutes of focus (the clock runs on through the test's clicks).
    expect(Date.parse(session.endedAt) - Date.parse(session.startedAt)).toBeGreaterThanOrEqual(10 * MINUTE);
    expect(Date.parse(session.endedAt) - Date.parse(session.startedAt)).toBeLessThan(10 * MINUTE + 5000);
    // The session's own key: sent again (a reload, a second tab) it is kept once.
    expect(sent!.headers["idempotency-key"]).toBe(`focus-${session.startedAt}`);
    // The time landed: the tasks (their spentMinutes) are read again when next shown.
    await waitFor(() => expect(queryClient.getQueryState(["/api/tasks"])?.isInvalidated).toBe(true));

    // A pause holds the round where it was.
    vi.setSystemTime(Date.parse(NOW) + 40 * MINUTE);
    expect(screen.getByRole("timer")).toHaveTextContent("15:00");
    await user.click(screen.getByRole("button", { name: "Stop" }));
    // Stopped while paused: nothing more to send, and the setup again.
    expect(await screen.findByRole("button", { name: "Start focus" })).toBeVisible();
    expect(server.sent("POST /api/focus-sessions")).toHaveLength(1);
    expect(localStorage.getItem("focus-timer-1")).toBeNull();
  });

  it("after a reload, a round that ended meanwhile is sent once, ending when the round did, and the break goes on", async () => {
    keptTimer(27);
    const { server, user } = await openFocus();
    expect(await timer()).toHaveTextContent("3:00");
    expect(screen.getByText("Break")).toBeVisible();
    await waitFor(() => expect(server.sent("POST /api/focus-sessions")).toHaveLength(1));
    expect(server.body("POST /api/focus-sessions")).toEqual({
      taskId: 4,
      startedAt: "2026-11-30T20:33:00.000Z",
      endedAt: "2026-11-30T20:58:00.000Z",
    });
    await user.click(screen.getByRole("button", { name: "Skip break" }));
    expect(screen.getByRole("timer")).toHaveTextContent("25:00");
    expect(screen.getByText("Focus")).toBeVisible();
    expect(server.sent("POST /api/focus-sessions")).toHaveLength(1);
  });

  it("a timer left all evening waits after its break, counting nothing more, in Spanish", async () => {
    keptTimer(180);
    const { server, user } = await openFocus("es");
    expect(await timer()).toHaveTextContent("25:00");
    expect(screen.getByText("Terminó el descanso: ¿empezamos la siguiente ronda?")).toBeVisible();
    await waitFor(() => expect(server.sent("POST /api/focus-sessions")).toHaveLength(1));
    await user.click(screen.getByRole("button", { name: "Empezar la siguiente ronda" }));
    expect(screen.getByText("Concentración")).toBeVisible();
    expect(screen.getByRole("button", { name: "Pausar" })).toBeVisible();
    expect(englishOnScreen(["Essay"])).toEqual([]);
  });

  it("a session the server refuses (time already kept on another device) is said in a toast", async () => {
    keptTimer(10);
    const { server, user } = await openFocus();
    server.answer("POST /api/focus-sessions", reply(409, { message: "This focus time overlaps a session you already have" }));
    expect(await timer()).toHaveTextContent("15:00");
    await user.click(screen.getByRole("button", { name: "Stop" }));
    expect(await findToast("Your focus time could not be saved", "This focus time overlaps a session you already have")).toBeVisible();
    expect(server.sent("POST /api/focus-sessions")).toHaveLength(1);
  });
});
