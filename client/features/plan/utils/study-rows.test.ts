import { describe, expect, it } from "vitest";
import type { PlanBlock } from "@core/schemas/plan";
import { withStudyBlocks } from "./study-rows";

const block = (title: string, start: string, end: string): PlanBlock => ({
  kind: "task",
  taskId: 1,
  eventId: null,
  title,
  subject: null,
  start,
  end,
  defaultEstimate: false,
});
type Row = { name: string; time: string | null };
const rows: Row[] = [
  { name: "early dismissal", time: null },
  { name: "Period 1", time: "08:00" },
  { name: "Soccer", time: "17:00" },
  { name: "Essay due (no time)", time: "23:59" },
];
const names = (merged: (Row | { kind: "study"; block: PlanBlock })[]) =>
  merged.map((r) => ("block" in r ? `study ${r.block.title}` : r.name));

describe("today's study blocks among Today's Schedule's rows", () => {
  it("go by the clock: before the first row that starts later, after the rows without a time", () => {
    const merged = withStudyBlocks(
      rows,
      [block("Essay", "16:00", "16:45"), block("Lab", "16:45", "17:00"), block("Quiz", "19:00", "19:30")],
      (r) => r.time,
    );
    expect(names(merged)).toEqual([
      "early dismissal",
      "Period 1",
      "study Essay",
      "study Lab",
      "Soccer",
      "study Quiz",
      "Essay due (no time)",
    ]);
  });

  it("come last when nothing starts after them, and change nothing when there are none", () => {
    expect(names(withStudyBlocks([rows[0]!, rows[1]!], [block("Essay", "16:00", "17:00")], (r) => r.time))).toEqual([
      "early dismissal",
      "Period 1",
      "study Essay",
    ]);
    expect(withStudyBlocks(rows, [], (r) => r.time)).toEqual(rows);
  });
});
