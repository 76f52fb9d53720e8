import { execFile, spawnSync } from "node:child_process";
import { promisify } from "node:util";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "./test/harness";

/**
 * The CalDAV server driven by a second client written elsewhere (issue 52): Debian's
 * python3-caldav (`apt-get install python3-caldav`; .ci/run installs it). Without it a developer's
 * run says so and skips; under CI it must be there.
 */
const PYTHON = "/usr/bin/python3";
const SCRIPT = path.join(import.meta.dirname, "test", "caldav_client.py");
const available = spawnSync(PYTHON, ["-c", "import caldav"]).status === 0;
if (!available && !process.env.CI)
  console.warn("python3-caldav is not installed: its CalDAV client test is skipped (apt-get install python3-caldav)");

describe.runIf(available || process.env.CI)("CalDAV with python3-caldav", () => {
  describeEachEngine("a second client", (engine) => {
    let t: TestApp;
    let base: string;
    beforeAll(async () => {
      t = await buildTestApp(engine);
      await t.app.listen({ port: 0, host: "127.0.0.1" });
      const address = t.app.server.address();
      base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    });
    afterAll(() => t.close());

    it("discovers the calendars from the bare address, reads the series and tasks, and makes, changes and deletes tasks and a series the app then has", async () => {
      const client = new TestClient(t.app);
      await client.register();
      await client.request("POST", "/api/tasks", { title: "Essay", dueDate: "2026-12-01" });
      await client.request("POST", "/api/events", {
        title: "Practice",
        date: "2026-11-30",
        time: "16:00",
        recurring: "weekly",
        customDays: ["monday"],
      });
      await client.request("POST", "/api/events", { title: "Exam", date: "2026-12-10", time: "09:00", eventType: "exam" });
      const made = (await client.request("POST", "/api/user/device-passwords", { name: "Thunderbird" })).json();

      // Not spawnSync: the server answering it runs in this process.
      const run = await promisify(execFile)(PYTHON, [SCRIPT, `${base}/`, made.username, made.password], {
        encoding: "utf8",
        timeout: 60_000,
      });
      const seen = JSON.parse(run.stdout) as Record<string, unknown>;
      expect(seen.calendars).toEqual([
        ["events", "Student Hub"],
        ["school", "School (Student Hub)"],
        ["tasks", "Student Hub tasks"],
      ]);
      expect(seen.events).toEqual([1, 1]);
      expect(seen.event_rules).toEqual([false, true]);
      expect(seen.todos_before).toEqual(["Essay"]);
      expect(seen.todos_after).toEqual([
        ["Essay", "NEEDS-ACTION"],
        ["Return library books", "COMPLETED"],
      ]);
      const tasks = (await client.request("GET", "/api/tasks")).json() as {
        title: string;
        completed: boolean;
        dueDate: string;
        priority: string;
      }[];
      expect(tasks.map((task) => [task.title, task.completed, task.dueDate, task.priority]).sort()).toEqual([
        ["Essay", false, "2026-12-01", "medium"],
        ["Return library books", true, "2026-12-04", "low"],
      ]);
      // Mondays at 4 PM New York (21:00 UTC), four of them: the second removed, the fourth moved to Tuesday.
      expect(seen.events_after).toEqual([
        ["Debate team", 2, true],
        ["Exam", 1, false],
        ["Practice", 1, false],
      ]);
      const events = (await client.request("GET", "/api/events")).json() as {
        title: string;
        date: string;
        time: string;
        endTime: string | null;
        recurring: string;
        customEndDate: string | null;
        exceptionDate: string | null;
        originalDate: string | null;
      }[];
      expect(events.find((e) => e.title === "Debate team")).toMatchObject({
        date: "2026-12-07",
        time: "16:00",
        endTime: "17:30",
        recurring: "weekly",
        customEndDate: "2026-12-28",
      });
      expect(events.filter((e) => e.exceptionDate).map((e) => e.exceptionDate)).toEqual(["2026-12-14", "2026-12-21"]);
      expect(events.find((e) => e.originalDate === "2026-12-21")).toMatchObject({
        title: "Debate (moved)",
        date: "2026-12-22",
        time: "16:00",
      });
      expect(events.some((e) => e.title === "Wrong day")).toBe(false);
    });
  });
});
