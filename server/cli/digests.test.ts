import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { buildTestApp, TestClient } from "../test/harness";
import { startTestSmtpServer } from "../test/smtp-server";

const run = promisify(execFile);
const PUBLIC_URL = "https://hub.lincoln.example";
const quiet = { info: () => {}, warn: () => {} };

it("npm run digests -- --send-due writes the digests due now and sends them, once", async () => {
  const smtp = await startTestSmtpServer();
  const t = await buildTestApp("sqlite", { env: { SMTP_URL: smtp.url, PUBLIC_URL } });
  try {
    const client = new TestClient(t.app);
    await client.register();
    await client.request("POST", "/api/tasks", { title: "Missed worksheet", subject: "Math", dueDate: "2026-01-05" });
    await client.request("POST", "/api/user/guardians", { email: "mom@example.com", locale: "en", frequency: "daily" });
    await t.services.mailWorker(quiet)!.runOnce();
    const token = /\/guardians\/confirm\?token=([\w-]+)/.exec(smtp.received[0]!.parsed.text ?? "")![1]!;
    await t.app.inject({ method: "POST", url: `/guardians/confirm?token=${token}` });
    // Confirmed now, so the first digest is the next one: as if the server had been down since January.
    await t.db.updateTable("guardians").set({ last_period: "2026-01-02" }).execute();
    smtp.reset();

    if (t.config.database.kind !== "sqlite") throw new Error("a SQLite file");
    const env = { ...process.env, DATABASE_URL: `sqlite:${t.config.database.file}`, SMTP_URL: smtp.url, PUBLIC_URL };
    const cli = (...args: string[]) => run(process.execPath, ["--import", "tsx", "server/cli/digests.ts", ...args], { env });
    const first = await cli("--send-due");
    expect(first.stdout).toContain("Families' digests: 1 written, 0 with nothing to say. Mail outbox: 1 sent, 0 failed");
    expect(smtp.received.map((m) => m.to)).toEqual(["mom@example.com"]);
    expect(smtp.received[0]!.parsed.text).toContain("Missed worksheet (Math), due Mon, Jan 5");
    expect((await cli("--send-due")).stdout).toContain("Families' digests: 0 written, 0 with nothing to say. Mail outbox: 0 sent");
    expect(smtp.received).toHaveLength(1);

    await expect(cli()).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("Usage: npm run digests -- --send-due") });
    await expect(
      run(process.execPath, ["--import", "tsx", "server/cli/digests.ts", "--send-due"], { env: { ...env, SMTP_URL: "" } }),
    ).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining("SMTP_URL is not set") });
  } finally {
    await t.close();
    await smtp.close();
  }
});
