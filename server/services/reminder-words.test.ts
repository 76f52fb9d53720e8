import { describe, expect, it } from "vitest";
import { EVENT_TYPE_LABELS } from "../../core/calendar/entries";
import { inEnglish } from "../../core/test/in-english";
import { eveningSummary, reminderFor, zonedInstant } from "../../core/reminders";
import { translator } from "../i18n";
import { eveningSummaryWords, eventReminderBody, eventTypeName, reminderTitle, taskReminderBody, wordWhen } from "./reminder-words";

// What reminders and the evening summary say (decision 109): English word for word as before
// (docs/product.md#reminders), and Spanish for a Spanish account.

describe("a reminder's words", () => {
  const zone = "America/Chicago";

  it("says what and when, in English as always", () => {
    const reminder = reminderFor("2026-12-01", "09:00", "15-minutes", zone);
    expect(reminderTitle("Chemistry exam", reminder, reminder.at, zone, "en")).toBe("Chemistry exam · 9:00 AM, in 15 minutes");
    const hour = reminderFor("2026-12-01", "13:30", "1-hour", zone);
    expect(reminderTitle("Practice", hour, hour.at, zone, "en")).toBe("Practice · 1:30 PM, in 1 hour");
    const day = reminderFor("2026-12-01", "09:00", "1-day", zone);
    expect(reminderTitle("Chemistry exam", day, day.at, zone, "en")).toBe("Chemistry exam · 9:00 AM, tomorrow");
    const now = reminderFor("2026-12-01", "09:00", "at-time", zone);
    expect(reminderTitle("Chemistry exam", now, now.at + 60_000, zone, "en")).toBe("Chemistry exam · 9:00 AM, now");
    const allDay = reminderFor("2026-12-01", null, "at-time", zone);
    expect(reminderTitle("Field trip", allDay, allDay.at, zone, "en")).toBe("Field trip · today");
    expect(wordWhen({ kind: "minutes", count: 1 }, "en")).toBe("in 1 minute");
    expect(wordWhen({ kind: "hours", count: 3 }, "en")).toBe("in 3 hours");
    expect(wordWhen({ kind: "earlier" }, "en")).toBe("earlier");
    expect(wordWhen({ kind: "on", date: "2026-12-03" }, "en")).toBe("on 2026-12-03");
  });

  it("says what and when in Spanish", () => {
    const reminder = reminderFor("2026-12-01", "09:00", "15-minutes", zone);
    expect(reminderTitle("Examen de química", reminder, reminder.at, zone, "es")).toBe("Examen de química · 9:00 a. m., en 15 minutos");
    const hour = reminderFor("2026-12-01", "13:30", "1-hour", zone);
    expect(reminderTitle("Práctica", hour, hour.at, zone, "es")).toBe("Práctica · 1:30 p. m., en 1 hora");
    const day = reminderFor("2026-12-01", "09:00", "1-day", zone);
    expect(reminderTitle("Examen", day, day.at, zone, "es")).toBe("Examen · 9:00 a. m., mañana");
    const allDay = reminderFor("2026-12-01", null, "at-time", zone);
    expect(reminderTitle("Excursión", allDay, allDay.at, zone, "es")).toBe("Excursión · hoy");
    expect(wordWhen({ kind: "now" }, "es")).toBe("ahora");
    expect(wordWhen({ kind: "minutes", count: 1 }, "es")).toBe("en 1 minuto");
    expect(wordWhen({ kind: "on", date: "2026-12-03" }, "es")).toBe("el 3 dic 2026");
  });

  it("names the event's type and subject, and a task's due", () => {
    expect(eventReminderBody("exam", "Chemistry", "en")).toBe("Exam · Chemistry");
    expect(eventReminderBody("delay", null, "en")).toBe("2-Hour Delay");
    expect(eventReminderBody("something-else", null, "en")).toBe("Other");
    expect(taskReminderBody("Chemistry", "en")).toBe("Task due · Chemistry");
    expect(taskReminderBody(null, "en")).toBe("Task due");
    expect(eventReminderBody("exam", "Química", "es")).toBe("Examen · Química");
    expect(eventReminderBody("study", null, "es")).toBe("Sesión de estudio");
    expect(taskReminderBody("Química", "es")).toBe("Tarea por entregar · Química");
    expect(taskReminderBody(null, "es")).toBe("Tarea por entregar");
  });

  it("names every event type as the calendar labels it in English, and in Spanish", () => {
    for (const [type, label] of Object.entries(EVENT_TYPE_LABELS)) expect(eventTypeName(type, "en")).toBe(inEnglish(label));
    expect(Object.keys(EVENT_TYPE_LABELS).map((type) => eventTypeName(type, "es"))).toEqual([
      "Evento personalizado",
      "Sesión de estudio",
      "Examen",
      "Reunión",
      "Práctica",
      "Salida temprana",
      "Retraso de 2 horas",
      "Otro",
    ]);
  });

  it("keeps a title's text as typed, backslashes included", () => {
    const reminder = reminderFor("2026-12-01", "09:00", "15-minutes", zone);
    expect(reminderTitle("Read \\u00e9 and \\x41", reminder, reminder.at, zone, "en")).toBe(
      "Read \\u00e9 and \\x41 · 9:00 AM, in 15 minutes",
    );
    expect(translator("es")("server.feed_task_due", { title: "C:\\x41\\u0000" })).toBe("Entrega: C:\\x41\\u0000");
  });
});

describe("the evening summary's words", () => {
  const zone = "America/New_York";
  const evening = zonedInstant("2026-11-30", "19:00", zone);
  const task = (title: string, dueDate: string | null, dueTime: string | null = null, completed = false) => ({
    title,
    dueDate,
    dueTime,
    completed,
  });
  const tasks = [
    task("Essay", "2026-12-01"),
    task("Lab report", "2026-12-01", "08:00"),
    task("Worksheet", "2026-11-28"),
    task("Quiz prep", "2026-11-30", "18:00"),
    task("Due tonight", "2026-11-30"),
    task("Later", "2026-12-05"),
  ];

  it("counts and lists what is due tomorrow and what is overdue, in English as always", () => {
    expect(eveningSummaryWords(eveningSummary(tasks, "2026-11-30", evening, zone)!, "en")).toEqual({
      title: "2 due tomorrow, 2 overdue",
      body: "Tomorrow: Essay, Lab report\nOverdue: Worksheet, Quiz prep",
    });
    expect(eveningSummaryWords({ dueTomorrow: [], overdue: ["Worksheet"] }, "en")).toEqual({
      title: "1 overdue",
      body: "Overdue: Worksheet",
    });
  });

  it("names five and counts the rest", () => {
    const titles = Array.from({ length: 8 }, (_, i) => `Task ${i + 1}`);
    expect(eveningSummaryWords({ dueTomorrow: titles, overdue: [] }, "en").body).toBe(
      "Tomorrow: Task 1, Task 2, Task 3, Task 4, Task 5 and 3 more",
    );
    expect(eveningSummaryWords({ dueTomorrow: titles, overdue: [] }, "es").body).toBe(
      "Mañana: Task 1, Task 2, Task 3, Task 4, Task 5 y 3 más",
    );
  });

  it("says it in Spanish", () => {
    expect(eveningSummaryWords(eveningSummary(tasks, "2026-11-30", evening, zone)!, "es")).toEqual({
      title: "2 para mañana, 2 atrasadas",
      body: "Mañana: Essay, Lab report\nAtrasadas: Worksheet, Quiz prep",
    });
    expect(eveningSummaryWords({ dueTomorrow: [], overdue: ["Ensayo"] }, "es").title).toBe("1 atrasada");
  });
});
