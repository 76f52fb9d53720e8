import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import type { MailTemplate } from "./db/schema";
import { buildTestApp, describeEachEngine, describePostgresOnly, freshDatabase, type TestApp } from "./test/harness";
import { startTestSmtpServer, type TestSmtpServer } from "./test/smtp-server";
import type { MailWorkerOptions } from "./services/mail-worker";

const quiet = { info: () => {}, warn: () => {} };
const PUBLIC_URL = "https://hub.lincoln.example";
const MINUTE = 60_000;

describe("mail settings", () => {
  it("sends nothing without SMTP_URL, and needs PUBLIC_URL with it", () => {
    expect(loadConfig({}).mail).toBeNull();
    expect(() => loadConfig({ SMTP_URL: "smtp://mail.lincoln.example:587" })).toThrow(/PUBLIC_URL must be set when SMTP_URL is/);
    expect(loadConfig({ SMTP_URL: "smtps://hub:secret@mail.lincoln.example:465", PUBLIC_URL })).toMatchObject({
      mail: { smtpUrl: "smtps://hub:secret@mail.lincoln.example:465", from: "Student Hub <no-reply@hub.lincoln.example>" },
    });
    expect(
      loadConfig({ SMTP_URL: "smtp://mail.lincoln.example", PUBLIC_URL, MAIL_FROM: "Lincoln Hub <hub@lincoln.example>" }).mail?.from,
    ).toBe("Lincoln Hub <hub@lincoln.example>");
  });

  it("refuses another scheme or a malformed MAIL_FROM, without repeating the password", () => {
    expect(() => loadConfig({ SMTP_URL: "http://hub:s3cret@mail.lincoln.example", PUBLIC_URL })).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfig({ SMTP_URL: "http://hub:s3cret@mail.lincoln.example", PUBLIC_URL })).not.toThrow(/s3cret/);
    expect(() => loadConfig({ SMTP_URL: "smtp://mail.lincoln.example", PUBLIC_URL, MAIL_FROM: "hub at lincoln" })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ SMTP_URL: "smtp://mail.lincoln.example", PUBLIC_URL, MAIL_FROM: "a@b.example\r\nBcc: x@y.example" })).toThrow(
      /MAIL_FROM/,
    );
  });
});

/** A test's own time: the outbox's waits and leases pass when the test says so. */
function testClock() {
  let now = Date.parse("2026-11-26T15:00:00Z");
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) };
}

async function enqueue(t: TestApp, to: string, options: { template?: MailTemplate; locale?: "en" | "es"; sendBeforeMs?: number } = {}) {
  const now = t.services.clock();
  const id = await t.services.mailOutbox.enqueue(
    {
      messageId: `<${Math.random().toString(36).slice(2)}@hub.lincoln.example>`,
      to,
      template: options.template ?? "password-reset",
      locale: options.locale ?? "en",
      params: { name: "Ana", email: to, link: `${PUBLIC_URL}/reset-password?token=abc`, minutes: 60 },
      sendBefore: new Date(now.getTime() + (options.sendBeforeMs ?? 60 * MINUTE)),
    },
    now,
  );
  return id;
}

const rowOf = async (t: TestApp, id: number) => (await t.services.mailOutbox.list()).find((row) => row.id === id)!;

describeEachEngine("the mail outbox against a real SMTP server", (engine) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  const time = testClock();
  const worker = (overrides: Partial<Omit<MailWorkerOptions, "log" | "outbox">> = {}) => t.services.mailWorker(quiet, overrides)!;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await buildTestApp(engine, {
      env: { SMTP_URL: smtp.url, PUBLIC_URL, MAIL_FROM: "Lincoln Hub <hub@lincoln.example>" },
      clock: time.clock,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => smtp.reset());

  it("sends a mail once with a plain-text and an HTML part, its Message-ID, Auto-Submitted, in the recipient's language", async () => {
    const id = await enqueue(t, "ana@lincoln.example", { locale: "es" });
    const w = worker();
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0, released: 0 });
    const [mail] = await smtp.waitFor(1);
    const row = await rowOf(t, id);
    expect(mail!.to).toBe("ana@lincoln.example");
    expect(mail!.parsed.subject).toBe("Restablece tu contraseña de Student Hub");
    expect(mail!.parsed.from?.text).toBe('"Lincoln Hub" <hub@lincoln.example>');
    expect(mail!.parsed.messageId).toBe(row.message_id);
    expect(mail!.parsed.headers.get("auto-submitted")).toBe("auto-generated");
    expect(mail!.parsed.text).toContain("Hola, Ana:");
    expect(mail!.parsed.text).toContain(`${PUBLIC_URL}/reset-password?token=abc`);
    expect(mail!.parsed.html).toContain(`href="${PUBLIC_URL}/reset-password?token=abc"`);
    expect(mail!.parsed.html).toContain('lang="es"');
    // Sent, with what it said erased; a second pass sends nothing.
    expect(row).toMatchObject({ status: "sent", params: null, attempts: 0 });
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0, released: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("a server that answers 451 then 250: tried again after a wait, sent once", async () => {
    smtp.refuseNext(1, 451);
    const id = await enqueue(t, "ben@lincoln.example");
    const w = worker();
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 1, released: 0 });
    expect(await rowOf(t, id)).toMatchObject({ status: "pending", attempts: 1, claim_token: null });
    expect((await rowOf(t, id)).last_error).toMatch(/^451/);
    // Not due again before its wait.
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0, released: 0 });
    time.advance(MINUTE);
    expect(await w.runOnce()).toEqual({ sent: 1, failed: 0, retried: 0, released: 0 });
    expect(smtp.received.map((m) => m.to)).toEqual(["ben@lincoln.example"]);
    expect(await rowOf(t, id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("waits longer after each temporary failure, and gives up when the mail's time runs out", async () => {
    smtp.refuseNext(10, 451);
    const id = await enqueue(t, "cy@lincoln.example", { sendBeforeMs: 10 * MINUTE });
    const w = worker();
    const waits: number[] = [];
    for (let pass = 0; pass < 3; pass++) {
      expect((await w.runOnce()).retried).toBe(1);
      const row = await rowOf(t, id);
      waits.push(Date.parse(row.next_attempt_at) - t.services.clock().getTime());
      time.advance(Date.parse(row.next_attempt_at) - t.services.clock().getTime());
    }
    expect(waits).toEqual([MINUTE, 2 * MINUTE, 4 * MINUTE]);
    // The next wait (8 minutes) would end after the 10 minutes the mail is worth sending in.
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 1, retried: 0, released: 0 });
    expect(await rowOf(t, id)).toMatchObject({ status: "failed", params: null });
    expect(smtp.received).toEqual([]);
  });

  it("a permanent refusal (550) is recorded as failed, not tried again", async () => {
    smtp.refuseNext(1, 550);
    const id = await enqueue(t, "dee@lincoln.example");
    const w = worker();
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 1, retried: 0, released: 0 });
    expect(await rowOf(t, id)).toMatchObject({ status: "failed", params: null, attempts: 0 });
    expect((await rowOf(t, id)).last_error).toMatch(/^550/);
    time.advance(60 * MINUTE);
    expect(await w.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0, released: 0 });
    expect(smtp.received).toEqual([]);
  });

  it("an unreachable server is a temporary failure", async () => {
    const closed = await startTestSmtpServer();
    await closed.close();
    const unreachable = await buildTestApp(engine, { env: { SMTP_URL: closed.url, PUBLIC_URL }, clock: time.clock });
    try {
      const id = await enqueue(unreachable, "eve@lincoln.example");
      expect(await unreachable.services.mailWorker(quiet)!.runOnce()).toEqual({ sent: 0, failed: 0, retried: 1, released: 0 });
      expect(await rowOf(unreachable, id)).toMatchObject({ status: "pending", attempts: 1 });
    } finally {
      await unreachable.close();
    }
  });

  it("a mail whose time ran out before it was claimed fails without being sent", async () => {
    const id = await enqueue(t, "fay@lincoln.example", { sendBeforeMs: MINUTE });
    time.advance(2 * MINUTE);
    expect(await worker().runOnce()).toEqual({ sent: 0, failed: 1, retried: 0, released: 0 });
    expect(await rowOf(t, id)).toMatchObject({ status: "failed", last_error: "not sent in time" });
    expect(smtp.received).toEqual([]);
  });

  it("a worker killed mid-batch after claiming: another sends each mail once after the lease", async () => {
    const ids = [await enqueue(t, "g1@lincoln.example"), await enqueue(t, "g2@lincoln.example"), await enqueue(t, "g3@lincoln.example")];
    const LEASE = 5 * MINUTE;
    const dying = worker({
      leaseMs: LEASE,
      crashPoint: (step) => {
        if (step === "claimed") throw new Error("killed");
      },
    });
    await expect(dying.runOnce()).rejects.toThrow("killed");
    const survivor = worker({ leaseMs: LEASE });
    expect(await survivor.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0, released: 0 });
    time.advance(LEASE + 1);
    expect(await survivor.runOnce()).toEqual({ sent: 3, failed: 0, retried: 0, released: 0 });
    expect(smtp.received.map((m) => m.to).sort()).toEqual(["g1@lincoln.example", "g2@lincoln.example", "g3@lincoln.example"]);
    for (const id of ids) expect((await rowOf(t, id)).status).toBe("sent");
  });

  it("a worker killed between sending and marking: that mail goes out at most twice, with the same Message-ID; the rest once", async () => {
    const first = await enqueue(t, "h1@lincoln.example");
    const second = await enqueue(t, "h2@lincoln.example");
    const LEASE = 5 * MINUTE;
    const dying = worker({
      leaseMs: LEASE,
      crashPoint: (step) => {
        if (step === "sent") throw new Error("killed");
      },
    });
    await expect(dying.runOnce()).rejects.toThrow("killed");
    expect(smtp.received.map((m) => m.to)).toEqual(["h1@lincoln.example"]);
    time.advance(LEASE + 1);
    const survivor = worker({ leaseMs: LEASE });
    expect(await survivor.runOnce()).toEqual({ sent: 2, failed: 0, retried: 0, released: 0 });
    expect(smtp.received.map((m) => m.to).sort()).toEqual(["h1@lincoln.example", "h1@lincoln.example", "h2@lincoln.example"]);
    const copies = smtp.received.filter((m) => m.to === "h1@lincoln.example").map((m) => m.parsed.messageId);
    expect(copies).toEqual([(await rowOf(t, first)).message_id, (await rowOf(t, first)).message_id]);
    expect((await rowOf(t, second)).status).toBe("sent");
    time.advance(LEASE + 1);
    expect(await survivor.runOnce()).toEqual({ sent: 0, failed: 0, retried: 0, released: 0 });
    expect(smtp.received).toHaveLength(3);
  });

  it("a worker that wakes when a mail is written sends it without waiting for its scan", async () => {
    const w = worker({ scanIntervalMs: 60 * MINUTE });
    w.start();
    try {
      // The first pass finds nothing; the mail written after it is sent at the wake.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await enqueue(t, "ivy@lincoln.example");
      w.wake();
      const [mail] = await smtp.waitFor(1);
      expect(mail!.to).toBe("ivy@lincoln.example");
    } finally {
      await w.stop();
    }
  });
});

describePostgresOnly("the mail outbox on two instances", () => {
  let smtp: TestSmtpServer;
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    database = await freshDatabase("postgres");
    const env = { SMTP_URL: smtp.url, PUBLIC_URL };
    a = await buildTestApp("postgres", { env, database: database.config });
    b = await buildTestApp("postgres", { env, database: database.config });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await database.drop();
    await smtp.close();
  });

  it("each mail goes out exactly once, the work shared between the instances", { timeout: 60_000 }, async () => {
    const COUNT = 40;
    const to = Array.from({ length: COUNT }, (_, i) => `student${i}@lincoln.example`);
    for (const address of to) await enqueue(a, address);
    const workers = [a.services.mailWorker(quiet, { batchSize: 5 })!, b.services.mailWorker(quiet, { batchSize: 5 })!];
    const reports = await Promise.all([workers[0]!.runOnce(), workers[1]!.runOnce(), workers[0]!.runOnce(), workers[1]!.runOnce()]);
    expect(reports.reduce((sum, r) => sum + r.sent, 0)).toBe(COUNT);
    expect(smtp.received.map((m) => m.to).sort()).toEqual([...to].sort());
    expect((await a.services.mailOutbox.list()).every((row) => row.status === "sent")).toBe(true);
  });
});
