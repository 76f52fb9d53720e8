import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import { afterAll, expect, it } from "vitest";
import { createDb } from "../db/connection";
import { startTestFeedServer } from "../test/feed-server";
import { newUserBody } from "../test/harness";
import { canvasFeed } from "../test/lms-fixtures";
import { startServerProcess } from "../test/processes";
import { startTestSmtpServer } from "../test/smtp-server";

const file = path.join(os.tmpdir(), `student-hub-jobs-shutdown-${process.pid}.db`);
afterAll(() => {
  for (const suffix of ["", "-wal", "-shm", "-migrations.lock"]) fs.rmSync(`${file}${suffix}`, { force: true });
});

/** What the server logged (pino's JSON lines), start-up's notices aside. */
function warningsIn(output: string): string[] {
  const startUp = [/^Admin passcode generated/, /^The client is not built/];
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => entry.level >= 40 && !startUp.some((notice) => notice.test(entry.msg)))
    .map((entry) => `${entry.level} ${entry.msg}`);
}

const waitUntil = async (what: string, done: () => boolean, output: () => string) => {
  for (let i = 0; i < 300 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
  if (!done()) throw new Error(`${what} did not happen:\n${output()}`);
};

// Decision 125: serve.ts stops the background jobs as one set on SIGTERM, before the database
// closes. Before it, the LMS refresher's stop only cleared its interval: the database closed under
// a refresh still fetching, and the feed stayed claimed by an instance that was gone.
it("SIGTERM during an LMS feed's fetch and a mail's send leaves no row claimed and logs no error", async () => {
  const feeds = await startTestFeedServer();
  const smtp = await startTestSmtpServer();
  feeds.routes.set("/canvas/a.ics", {
    body: canvasFeed([{ id: 1, title: "Essay 2", course: "ENGL 101 - English 9", due: "20261203T045900Z" }]),
  });
  const server = await startServerProcess({
    DATABASE_URL: `sqlite:${file}`,
    LOG_LEVEL: "info",
    IMPORT_ALLOWED_ORIGINS: feeds.origin,
    SMTP_URL: smtp.url,
    PUBLIC_URL: "http://localhost:3000",
    LMS_FEED_SCAN_SECONDS: "1",
  });
  const db = createDb({ kind: "sqlite", file });
  try {
    const student = newUserBody();
    const register = await fetch(`${server.baseUrl}/api/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(student),
    });
    expect(register.status).toBe(201);
    const cookie = register.headers.get("set-cookie")!.split(";")[0]!;
    const { csrfToken } = (await (await fetch(`${server.baseUrl}/api/csrf-token`, { headers: { cookie } })).json()) as {
      csrfToken: string;
    };
    const post = (url: string, body: unknown) =>
      fetch(`${server.baseUrl}${url}`, {
        method: "POST",
        headers: { cookie, "x-csrf-token": csrfToken, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    expect((await post("/api/user/feeds", { url: `${feeds.origin}/canvas/a.ics`, name: "Canvas" })).status).toBe(201);

    // The feed's next refresh is made due now, and its LMS stops answering: the refresher's fetch hangs.
    feeds.routes.set("/canvas/a.ics", { hang: true });
    await db
      .updateTable("lms_feeds")
      .set({ next_refresh_at: new Date(Date.now() - 60_000).toISOString() })
      .execute();
    await waitUntil("the refresher's fetch", () => feeds.requests.length >= 2, server.output);

    // And a mail is being sent: the mail server holds its answer.
    smtp.holdAnswers(1_500);
    expect((await post("/api/auth/forgot-password", { email: student.email })).status).toBe(202);
    await smtp.waitForArrival();

    const exited = new Promise<number | null>((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGTERM");
    expect(await exited, server.output()).toBe(0);

    expect(warningsIn(server.output())).toEqual([]);
    const feed = await db.selectFrom("lms_feeds").selectAll().executeTakeFirstOrThrow();
    // Given back untouched: no failure counted for a fetch the stop cut short.
    expect(feed).toMatchObject({ claim_token: null, claimed_at: null, failures: 0, last_error: null, status: "active" });
    const mails = await db.selectFrom("mail_outbox").selectAll().execute();
    // The send under way finished and was marked.
    expect(mails.map((mail) => [mail.status, mail.claim_token])).toEqual([["sent", null]]);
    expect(smtp.received).toHaveLength(1);
  } finally {
    await server.stop();
    await db.destroy();
    await feeds.close();
    await smtp.close();
  }
}, 60_000);
