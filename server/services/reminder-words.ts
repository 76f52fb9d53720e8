import { clockHour, formatShortDate, formatTime12 } from "../../core/format";
import type { Locale } from "../../core/i18n/locale";
import type { MessageId } from "../../core/i18n/translate";
import { type EveningSummary, type ReminderCandidate, relativeWhen, type RelativeWhen, SUMMARY_NAMES_SHOWN } from "../../core/reminders";
import type { EventType } from "../../core/schemas/event";
import { translator } from "../i18n";

/**
 * What reminders and the evening summary say, in the recipient's language (users.locale), worded
 * when the push is planned (decision 109). core/reminders.ts says what and when; this words it.
 */

/** Each event type's name, as pushes and the calendar feed write it; "Other" for anything else. */
const EVENT_TYPE_NAMES: Readonly<Record<EventType | "other", MessageId>> = {
  custom: "server.event_type_custom",
  study: "server.event_type_study",
  exam: "server.event_type_exam",
  meeting: "server.event_type_meeting",
  practice: "server.event_type_practice",
  "early-dismissal": "server.event_type_early_dismissal",
  delay: "server.event_type_delay",
  other: "server.event_type_other",
};

/** "Exam" (Spanish "Examen"); a type outside the list reads "Other". */
export function eventTypeName(type: string, locale: Locale): string {
  const id = Object.hasOwn(EVENT_TYPE_NAMES, type) ? EVENT_TYPE_NAMES[type as keyof typeof EVENT_TYPE_NAMES] : EVENT_TYPE_NAMES.other;
  return translator(locale)(id as "server.event_type_other");
}

/** "in 15 minutes", "tomorrow", "now" (Spanish "en 15 minutos", "mañana", "ahora"). */
export function wordWhen(when: RelativeWhen, locale: Locale): string {
  const t = translator(locale);
  switch (when.kind) {
    case "now":
      return t("server.when_now");
    case "today":
      return t("server.when_today");
    case "tomorrow":
      return t("server.when_tomorrow");
    case "earlier":
      return t("server.when_earlier");
    // English names the date as stored, as it always has; another language as its readers write it.
    case "on":
      return t("server.when_on_date", { date: locale === "en" ? when.date : formatShortDate(when.date, locale) });
    case "minutes":
      return t("server.when_in_minutes", { count: when.count });
    case "hours":
      return t("server.when_in_hours", { count: when.count });
  }
}

/** "Chemistry exam · 9:00 AM, in 15 minutes"; "Chemistry exam · tomorrow" for all day. */
export function reminderTitle(title: string, candidate: ReminderCandidate, now: number, timeZone: string, locale: Locale): string {
  const t = translator(locale);
  const when = wordWhen(relativeWhen(candidate, now, timeZone), locale);
  return candidate.time === null
    ? t("server.reminder_title_all_day", { title, when })
    : t("server.reminder_title_timed", { title, time: formatTime12(candidate.time, locale), when });
}

/** The line under an event reminder's title: its type and subject ("Exam · Chemistry"). */
export function eventReminderBody(eventType: string, subject: string | null, locale: Locale): string {
  const type = eventTypeName(eventType, locale);
  return subject ? translator(locale)("server.reminder_event_body", { type, subject }) : type;
}

/** The line under a task reminder's title: "Task due · Chemistry" (Spanish "Tarea por entregar · Química"). */
export function taskReminderBody(subject: string | null, locale: Locale): string {
  const t = translator(locale);
  return subject ? t("server.reminder_task_due_subject", { subject }) : t("server.reminder_task_due");
}

/** "Essay, Lab report", or the first five "and 3 more". */
function nameList(titles: readonly string[], locale: Locale): string {
  const names = titles.slice(0, SUMMARY_NAMES_SHOWN).join(", ");
  const more = titles.length - SUMMARY_NAMES_SHOWN;
  return more > 0 ? translator(locale)("server.summary_names_more", { names, count: more }) : names;
}

/** The evening summary's push: "2 due tomorrow, 1 overdue" over "Tomorrow: Essay, Lab report" and "Overdue: Worksheet". */
export function eveningSummaryWords(summary: EveningSummary, locale: Locale): { title: string; body: string } {
  const t = translator(locale);
  const parts: string[] = [];
  const lines: string[] = [];
  if (summary.dueTomorrow.length > 0) {
    parts.push(t("server.summary_due_tomorrow", { count: summary.dueTomorrow.length }));
    lines.push(t("server.summary_tomorrow_line", { names: nameList(summary.dueTomorrow, locale) }));
  }
  if (summary.overdue.length > 0) {
    parts.push(t("server.summary_overdue", { count: summary.overdue.length }));
    lines.push(t("server.summary_overdue_line", { names: nameList(summary.overdue, locale) }));
  }
  return { title: parts.join(", "), body: lines.join("\n") };
}

/** The push at a study block's start (decision 132): "Time to study: Essay", "English · until 4:45 PM". */
export function studyBlockWords(
  block: { kind: "task" | "exam-prep"; title: string; subject: string | null; end: string },
  locale: Locale,
): { title: string; body: string } {
  const t = translator(locale);
  const until = { time: formatTime12(block.end, locale), hour: clockHour(block.end) };
  return {
    title:
      block.kind === "exam-prep"
        ? t("server.study_block_revise_title", { title: block.title })
        : t("server.study_block_title", { title: block.title }),
    body: block.subject ? t("server.study_block_body_subject", { subject: block.subject, ...until }) : t("server.study_block_body", until),
  };
}
