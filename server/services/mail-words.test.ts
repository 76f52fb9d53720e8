import { describe, expect, it } from "vitest";
import type { GuardianDigest } from "../../core/guardian-digest";
import { renderMail } from "./mail-words";

const LINK = "https://hub.lincoln.example/guardians/unsubscribe?token=abc";
const empty = { items: [], more: 0 };

const digest = (frequency: "daily" | "weekly"): GuardianDigest => ({
  frequency,
  date: frequency === "daily" ? "2026-12-04" : "2026-12-06",
  until: frequency === "daily" ? "2026-12-07" : "2026-12-13",
  overdue: { items: [{ title: "Lab <report>", subject: "Biology", date: "2026-12-01" }], more: 12 },
  due: { items: [{ title: "Reading log", subject: null, date: "2026-12-07" }], more: 0 },
  exams: empty,
  schoolEvents: empty,
  daysOff: { items: [{ title: "Winter break", date: "2026-12-21", endDate: "2027-01-01" }], more: 0 },
  announcements: empty,
  study: { doneMinutes: 90, plannedMinutes: 45 },
});

/** The digest's words in both languages and at both frequencies (the SMTP round trip is server/routes/guardian-digests.test.ts's). */
describe("a guardian's digest, worded", () => {
  it.each([
    [
      "en",
      "daily",
      "Maya Patel's schoolwork: Fri, Dec 4",
      "Here is today's summary",
      "Due by Mon, Dec 7",
      "1 h 30 min of focused study today; 45 min planned until Mon, Dec 7.",
    ],
    [
      "en",
      "weekly",
      "Maya Patel's week ahead: Sun, Dec 6",
      "Here is this week's summary",
      "Due by Sun, Dec 13",
      "1 h 30 min of focused study this past week; 45 min planned until Sun, Dec 13.",
    ],
    [
      "es",
      "daily",
      "Tareas de Maya Patel: vie, 4 dic",
      "Este es el resumen de hoy",
      "Para entregar hasta el lun, 7 dic",
      "1 h 30 min de estudio concentrado hoy; 45 min planeado hasta el lun, 7 dic.",
    ],
    [
      "es",
      "weekly",
      "La semana de Maya Patel: dom, 6 dic",
      "Este es el resumen de esta semana",
      "Para entregar hasta el dom, 13 dic",
      "1 h 30 min de estudio concentrado esta semana; 45 min planeado hasta el dom, 13 dic.",
    ],
  ] as const)("%s, %s", (locale, frequency, subject, intro, due, study) => {
    const mail = renderMail("guardian-digest", locale, {
      name: "",
      email: "g@example.com",
      link: LINK,
      student: "Maya Patel",
      digest: digest(frequency),
    });
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(intro);
    expect(mail.text).toContain(`${due}\n- Reading log`);
    expect(mail.text).toContain(`- ${study}`);
    expect(mail.text).toContain(locale === "en" ? "- and 12 more" : "- y 12 más");
    expect(mail.text).toContain(
      locale === "en" ? "Winter break: Mon, Dec 21 to Fri, Jan 1" : "Winter break: del lun, 21 dic al vie, 1 ene",
    );
    expect(mail.text).toContain(LINK);
    // A title is text, never markup.
    expect(mail.html).toContain("Lab &lt;report&gt;");
    expect(mail.html).not.toContain("<report>");
    expect(mail.headers).toEqual({ "List-Unsubscribe": `<${LINK}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
  });
});
