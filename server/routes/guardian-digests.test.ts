import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { ReceivedMail } from "../test/smtp-server";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";
import { startTestSmtpServer, type TestSmtpServer } from "../test/smtp-server";

const quiet = { info: () => {}, warn: () => {} };
const PUBLIC_URL = "https://hub.lincoln.example";

/** A header of a mail as it arrived (mailparser structures List-* headers; the raw line is what a mail app reads). */
function headerLine(mail: ReceivedMail, name: string): string | undefined {
  const line = mail.parsed.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line?.slice(line.indexOf(":") + 1).trim();
}

/**
 * The families' digest (issue 54): written at GUARDIAN_DIGEST_TIME in the school's time zone to the
 * mail outbox, sent over real SMTP and read back with a MIME parser, once per guardian and period
 * whatever the instances, late once after a stop, never without something to say.
 */
describeEachEngine("guardian digests", (engine) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  // Saturday 2026-11-28, 10:00 in New York (the default APP_TIME_ZONE).
  let now = Date.parse("2026-11-28T15:00:00Z");

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await buildTestApp(engine, { env: { SMTP_URL: smtp.url, PUBLIC_URL }, clock: () => new Date(now) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => smtp.reset());

  const send = () => t.services.mailWorker(quiet)!.runOnce();
  const writeDue = () => t.services.guardianDigests!.writeDue();
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to === email);

  /** A student with a guardian who confirmed: their client, name and the guardian's id. */
  async function studentWithGuardian(email: string, locale: "en" | "es", frequency: "daily" | "weekly") {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    const guardian = (await client.request("POST", "/api/user/guardians", { email, locale, frequency })).json();
    await send();
    const token = /\/guardians\/confirm\?token=([\w-]+)/.exec(mailsTo(email).at(-1)!.parsed.text ?? "")![1]!;
    expect((await t.app.inject({ method: "POST", url: `/guardians/confirm?token=${token}` })).statusCode).toBe(200);
    smtp.reset();
    return { client, name: `${user.firstName} ${user.lastName}`, guardianId: guardian.id as number };
  }

  it("sends a Spanish guardian, on Sunday evening, one weekly digest in Spanish with no descriptions or grades, stopped by one click", async () => {
    const { client, name } = await studentWithGuardian("madre@example.com", "es", "weekly");
    const task = (body: object) => client.request("POST", "/api/tasks", body);
    await task({ title: "Lab report", subject: "Biology", dueDate: "2026-11-25", description: "SECRET-TASK-NOTE" });
    await task({ title: "Essay draft", subject: "English", dueDate: "2026-12-02" });
    await task({ title: "Reading log", dueDate: "2026-12-05" });
    await task({ title: "Already done", subject: "Art", dueDate: "2026-12-01", completed: true });
    await task({ title: "Far away", dueDate: "2027-01-15" });
    await client.request("POST", "/api/events", {
      title: "Unit 4 test",
      subject: "Algebra II",
      date: "2026-12-03",
      eventType: "exam",
      description: "SECRET-EXAM-NOTE",
    });
    await client.request("POST", "/api/user/grades/items", {
      subject: "English",
      name: "GRADE-ITEM",
      score: 17,
      outOf: 20,
      date: "2026-11-20",
    });
    const stamp = new Date(now).toISOString();
    await t.db
      .insertInto("school_events")
      .values({
        title: "Science fair",
        date: "2026-12-04",
        end_date: "2026-12-05",
        event_type: "custom",
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    await t.db
      .insertInto("announcements")
      .values({ title: "Picture day moved", body: "SECRET-ANNOUNCEMENT-BODY", audience: "students", created_by: null, created_at: stamp })
      .execute();
    await t.db
      .insertInto("announcements")
      .values({ title: "Staff meeting", body: "-", audience: "admins", created_by: null, created_at: stamp })
      .execute();

    // Sunday 17:59 in New York: not yet. 18:00: one, and only one.
    now = Date.parse("2026-11-29T22:59:00Z");
    await client.request("POST", "/api/focus-sessions", {
      taskId: null,
      startedAt: "2026-11-29T20:00:00.000Z",
      endedAt: "2026-11-29T20:45:00.000Z",
    });
    expect(await writeDue()).toMatchObject({ written: 0 });
    now = Date.parse("2026-11-29T23:00:00Z");
    expect(await writeDue()).toMatchObject({ written: 1 });
    expect(await writeDue()).toMatchObject({ written: 0 });
    await send();
    const [mail] = mailsTo("madre@example.com");
    expect(mailsTo("madre@example.com")).toHaveLength(1);
    const { subject, text, html } = mail!.parsed;
    expect(subject).toBe(`La semana de ${name}: dom, 29 nov`);
    expect(text).toContain(`Este es el resumen de esta semana de las tareas escolares de ${name} en Student Hub`);
    expect(text).toContain("Sin entregar: 1 tarea\n- Lab report (Biology), para el mié, 25 nov");
    expect(text).toContain(
      "Para entregar hasta el dom, 6 dic\n- Essay draft (English), para el mié, 2 dic\n- Reading log, para el sáb, 5 dic",
    );
    expect(text).toContain("Próximos exámenes\n- Unit 4 test (Algebra II), el jue, 3 dic");
    expect(text).toContain("En la escuela\n- Science fair: del vie, 4 dic al sáb, 5 dic");
    expect(text).toContain("Avisos de la escuela\n- Picture day moved: sáb, 28 nov");
    expect(text).toMatch(/Tiempo de estudio\n- 45 min de estudio concentrado esta semana; \d.* planeado hasta el dom, 6 dic\./);
    expect(text).toContain("Nunca incluye calificaciones ni notas privadas.");
    for (const part of [text, html as string]) {
      for (const hidden of ["SECRET", "GRADE-ITEM", "Already done", "Far away", "Staff meeting"]) expect(part).not.toContain(hidden);
    }
    expect(html).toContain('<html lang="es">');
    expect(html).toContain("<h2");
    expect(headerLine(mail!, "Auto-Submitted")).toBe("auto-generated");
    expect(headerLine(mail!, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const unsubscribe = /^<(https:\/\/hub\.lincoln\.example\/guardians\/unsubscribe\?token=[\w-]+)>$/.exec(
      headerLine(mail!, "List-Unsubscribe") ?? "",
    );
    expect(unsubscribe).not.toBeNull();
    expect(text).toContain(unsubscribe![1]);

    // The mail app's one click, as RFC 8058 has it: a POST to the header's address, no account.
    const url = new URL(unsubscribe![1]!);
    const clicked = await t.app.inject({
      method: "POST",
      url: url.pathname + url.search,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(clicked.statusCode).toBe(200);
    expect((await client.request("GET", "/api/user/guardians")).json()[0].status).toBe("unsubscribed");
    now = Date.parse("2026-12-06T23:30:00Z");
    expect(await writeDue()).toMatchObject({ written: 0 });
    // The school's news is everyone's: gone, so the next tests' students have only their own to say.
    await t.db.deleteFrom("school_events").execute();
    await t.db.deleteFrom("announcements").execute();
  });

  it("sends a daily digest each school day at the time, late once after a stop, and nothing on a day with nothing to say", async () => {
    // Monday 2026-11-30, 10:00 in New York.
    now = Date.parse("2026-11-30T15:00:00Z");
    const { client, name } = await studentWithGuardian("dad@example.com", "en", "daily");
    const { client: idle } = await studentWithGuardian("idle@example.com", "en", "daily");
    await client.request("POST", "/api/tasks", { title: "Worksheet", subject: "Math", dueDate: "2026-12-01" });
    expect(await idle.request("GET", "/api/tasks").then((r) => r.json())).toEqual([]);

    now = Date.parse("2026-11-30T23:00:00Z");
    expect(await writeDue()).toEqual({ written: 1, quiet: 1 });
    await send();
    const [monday] = mailsTo("dad@example.com");
    expect(monday!.parsed.subject).toBe(`${name}'s schoolwork: Mon, Nov 30`);
    expect(monday!.parsed.text).toContain(`Here is today's summary of ${name}'s schoolwork`);
    expect(monday!.parsed.text).toContain("Due by Tue, Dec 1\n- Worksheet (Math), due Tue, Dec 1");
    expect(monday!.parsed.text).not.toContain("Overdue");
    expect(monday!.parsed.text).not.toContain("Study time");
    expect(mailsTo("idle@example.com")).toEqual([]);

    // Every instance down from Tuesday morning to Thursday morning: Wednesday's digest goes once, late; Tuesday's not at all.
    smtp.reset();
    now = Date.parse("2026-12-03T14:00:00Z");
    expect(await writeDue()).toEqual({ written: 1, quiet: 1 });
    expect(await writeDue()).toEqual({ written: 0, quiet: 0 });
    await send();
    const [late] = mailsTo("dad@example.com");
    expect(mailsTo("dad@example.com")).toHaveLength(1);
    expect(late!.parsed.subject).toBe(`${name}'s schoolwork: Wed, Dec 2`);
    expect(late!.parsed.text).toContain("Overdue: 1 task\n- Worksheet (Math), due Tue, Dec 1");
  });

  // Two instances share PostgreSQL; SQLite is one process's (a second writer process waits on its lock), so there the three writers are one instance's.
  it("sends each digest once when two instances write at the same moment", async () => {
    now = Date.parse("2026-12-03T15:00:00Z");
    const guardians = ["one@example.com", "two@example.com", "three@example.com"];
    for (const email of guardians) {
      const { client } = await studentWithGuardian(email, "en", "daily");
      await client.request("POST", "/api/tasks", { title: `Task for ${email}`, dueDate: "2026-12-04" });
    }
    const second =
      engine === "postgres"
        ? await buildTestApp(engine, { env: { SMTP_URL: smtp.url, PUBLIC_URL }, clock: () => new Date(now), database: t.config.database })
        : t;
    const digestRows = () => t.db.selectFrom("mail_outbox").select(["to_address"]).where("template", "=", "guardian-digest").execute();
    try {
      const before = (await digestRows()).length;
      now = Date.parse("2026-12-03T23:00:00Z");
      const reports = await Promise.all([writeDue(), second.services.guardianDigests!.writeDue(), writeDue()]);
      const rows = await digestRows();
      expect(rows.length - before).toBe(reports.reduce((sum, r) => sum + r.written, 0));
      for (const email of guardians) expect(rows.filter((r) => r.to_address === email)).toHaveLength(1);
    } finally {
      if (second !== t) await second.close();
    }
  });

  it("sends nothing to a guardian who has not confirmed, one removed, or anyone when staff turn family emails off", async () => {
    now = Date.parse("2026-12-04T15:00:00Z");
    const invitedOnly = new TestClient(t.app);
    await invitedOnly.register();
    await invitedOnly.request("POST", "/api/tasks", { title: "Unseen", dueDate: "2026-12-07" });
    await invitedOnly.request("POST", "/api/user/guardians", { email: "pending@example.com", locale: "en", frequency: "daily" });
    const { client, guardianId } = await studentWithGuardian("removed@example.com", "en", "daily");
    await client.request("POST", "/api/tasks", { title: "Unseen too", dueDate: "2026-12-07" });
    const { client: kept } = await studentWithGuardian("kept@example.com", "en", "daily");
    await kept.request("POST", "/api/tasks", { title: "Seen later", dueDate: "2026-12-07" });
    expect((await client.request("DELETE", `/api/user/guardians/${guardianId}`)).statusCode).toBe(204);

    await t.services.settings.set("guardianDigestsEnabled", false);
    now = Date.parse("2026-12-04T23:00:00Z");
    expect(await writeDue()).toEqual({ written: 0, quiet: 0 });
    await t.services.settings.set("guardianDigestsEnabled", true);
    await writeDue();
    await send();
    expect(mailsTo("pending@example.com").filter((m) => m.parsed.subject?.includes("schoolwork:"))).toEqual([]);
    expect(mailsTo("removed@example.com").filter((m) => m.parsed.subject?.includes("schoolwork:"))).toEqual([]);
    expect(mailsTo("kept@example.com").map((m) => m.parsed.subject)).toEqual([expect.stringMatching(/schoolwork: Fri, Dec 4$/)]);
  });
});
