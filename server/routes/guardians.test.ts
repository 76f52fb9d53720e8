import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";
import { startTestSmtpServer, type TestSmtpServer } from "../test/smtp-server";

const quiet = { info: () => {}, warn: () => {} };
const PUBLIC_URL = "https://hub.lincoln.example";
const DAY = 24 * 60 * 60 * 1000;

/** The confirmation link's token in a mail's plain-text part; the link begins with PUBLIC_URL. */
function confirmToken(text: string | undefined): string {
  const match = /(\S+)\/guardians\/confirm\?token=([\w-]+)/.exec(text ?? "");
  if (!match) throw new Error(`no confirmation link in: ${text}`);
  expect(match[1]).toBe(PUBLIC_URL);
  return match[2]!;
}

/**
 * Parents and guardians (issue 54): the student's invitations, a guardian's confirmation and
 * unsubscribe pages without an account, and the mails, read back from a real SMTP server.
 */
describeEachEngine("guardians", (engine) => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  let now = Date.parse("2026-11-29T15:00:00Z");

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await buildTestApp(engine, { env: { SMTP_URL: smtp.url, PUBLIC_URL }, clock: () => new Date(now) });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });
  beforeEach(() => smtp.reset());

  async function student() {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    return { client, id: user.id as number, name: `${user.firstName} ${user.lastName}` };
  }
  const send = () => t.services.mailWorker(quiet)!.runOnce();
  const mailsTo = (email: string) => smtp.received.filter((m) => m.to === email);
  const visitor = () => new TestClient(t.app);

  it("invites a guardian with one mail in their language, confirmed from a page without an account; nothing else before", async () => {
    const { client, id, name } = await student();
    const invited = await client.request("POST", "/api/user/guardians", {
      email: " Madre@Example.com ",
      locale: "es",
      frequency: "weekly",
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toEqual({
      id: expect.any(Number),
      email: "madre@example.com",
      locale: "es",
      frequency: "weekly",
      status: "invited",
    });
    await send();
    const [mail] = mailsTo("madre@example.com");
    expect(mail!.parsed.subject).toBe(`${name} te invita a seguir sus tareas escolares`);
    expect(mail!.parsed.text).toContain("un correo cada domingo");
    expect(mail!.parsed.text).toContain("El enlace funciona durante 7 días.");
    expect(mail!.parsed.html).toContain('lang="es"');
    const token = confirmToken(mail!.parsed.text);

    // The page asks first (a mail scanner following the link confirms nothing), in the guardian's language.
    const page = await visitor().request("GET", `/guardians/confirm?token=${token}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain(`Confirma los correos sobre ${name}`);
    expect((await client.request("GET", "/api/user/guardians")).json()[0].status).toBe("invited");
    const confirmed = await t.app.inject({
      method: "POST",
      url: `/guardians/confirm?token=${token}`,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.example" },
      payload: "",
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain(`Confirmado. Los correos sobre ${name} empiezan con el próximo.`);
    expect((await client.request("GET", "/api/user/guardians")).json()[0].status).toBe("confirmed");
    // Once: the link is spent.
    expect((await visitor().request("GET", `/guardians/confirm?token=${token}`)).statusCode).toBe(404);

    const audit = await t.db.selectFrom("audit_log").select(["action", "target"]).where("actor_user_id", "=", id).execute();
    expect(audit).toEqual([{ action: "GUARDIAN_INVITED", target: expect.any(String) }]);
  });

  it("lets a confirmation link run out after 7 days, and refuses what it cannot keep with a code", async () => {
    const { client } = await student();
    await client.request("POST", "/api/user/guardians", { email: "dad@example.com", locale: "en", frequency: "daily" });
    await send();
    const token = confirmToken(mailsTo("dad@example.com")[0]!.parsed.text);
    expect(mailsTo("dad@example.com")[0]!.parsed.text).toContain("an email each school day");
    now += 7 * DAY + 1000;
    const expired = await visitor().request("GET", `/guardians/confirm?token=${token}`);
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain("This link has expired or was already used.");
    expect((await visitor().request("GET", "/guardians/confirm?token=nonsense")).statusCode).toBe(404);

    const refused = async (body: object) => {
      const res = await client.request("POST", "/api/user/guardians", {
        email: "x@example.com",
        locale: "en",
        frequency: "weekly",
        ...body,
      });
      return [res.statusCode, res.json().code];
    };
    expect(await refused({ email: "not an address" })).toEqual([400, "guardians.email_invalid"]);
    expect(await refused({ locale: "fr" })).toEqual([400, "guardians.locale_invalid"]);
    expect(await refused({ frequency: "hourly" })).toEqual([400, "guardians.frequency_invalid"]);
    expect(await refused({ email: "dad@example.com" })).toEqual([409, "guardians.already_invited"]);
    await refused({ email: "a@example.com" });
    await refused({ email: "b@example.com" });
    expect(await refused({ email: "c@example.com" })).toEqual([409, "guardians.too_many"]);
  });

  it("keeps each student's guardians their own, changes language and frequency, and tells a confirmed guardian once when removed", async () => {
    const { client, name } = await student();
    const { client: other } = await student();
    const guardian = (
      await client.request("POST", "/api/user/guardians", { email: "mom@example.com", locale: "en", frequency: "weekly" })
    ).json();
    await send();
    const token = confirmToken(mailsTo("mom@example.com")[0]!.parsed.text);
    await t.app.inject({ method: "POST", url: `/guardians/confirm?token=${token}` });
    expect((await other.request("GET", "/api/user/guardians")).json()).toEqual([]);
    expect((await other.request("PUT", `/api/user/guardians/${guardian.id}`, { locale: "es", frequency: "daily" })).statusCode).toBe(404);
    expect((await other.request("DELETE", `/api/user/guardians/${guardian.id}`)).statusCode).toBe(404);

    const changed = await client.request("PUT", `/api/user/guardians/${guardian.id}`, { locale: "es", frequency: "daily" });
    expect(changed.json()).toMatchObject({ locale: "es", frequency: "daily", status: "confirmed" });
    smtp.reset();
    expect((await client.request("DELETE", `/api/user/guardians/${guardian.id}`)).statusCode).toBe(204);
    await send();
    const [told] = mailsTo("mom@example.com");
    expect(told!.parsed.subject).toBe(`${name} dejó de compartir contigo sus tareas escolares`);
    expect(told!.parsed.text).not.toContain("http");
    expect((await client.request("GET", "/api/user/guardians")).json()).toEqual([]);

    // One who never confirmed hears nothing more.
    const unconfirmed = (
      await client.request("POST", "/api/user/guardians", { email: "aunt@example.com", locale: "en", frequency: "weekly" })
    ).json();
    await send();
    smtp.reset();
    await client.request("DELETE", `/api/user/guardians/${unconfirmed.id}`);
    await send();
    expect(mailsTo("aunt@example.com")).toEqual([]);
  });

  it("unsubscribes from a page or a mail app's one click without an account", async () => {
    const { client, name } = await student();
    await client.request("POST", "/api/user/guardians", { email: "grandpa@example.com", locale: "en", frequency: "weekly" });
    const [row] = await t.db.selectFrom("guardians").select(["unsubscribe_token"]).where("email", "=", "grandpa@example.com").execute();
    const asked = await visitor().request("GET", `/guardians/unsubscribe?token=${row!.unsubscribe_token}`);
    expect(asked.body).toContain(`Stop the emails about ${name}?`);
    const oneClick = await t.app.inject({
      method: "POST",
      url: `/guardians/unsubscribe?token=${row!.unsubscribe_token}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toContain(`You are unsubscribed. You will get no more emails about ${name}.`);
    expect((await client.request("GET", "/api/user/guardians")).json()[0].status).toBe("unsubscribed");
  });

  it("is refused school-wide when staff turn family emails off", async () => {
    await t.services.settings.set("guardianDigestsEnabled", false);
    const { client } = await student();
    const res = await client.request("POST", "/api/user/guardians", { email: "off@example.com", locale: "en", frequency: "weekly" });
    expect([res.statusCode, res.json().code]).toEqual([409, "guardians.digests_off"]);
    await t.services.settings.set("guardianDigestsEnabled", true);
  });
});
