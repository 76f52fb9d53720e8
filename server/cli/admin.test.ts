import { execFile } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, it } from "vitest";
import { createDb } from "../db/connection";
import { migrateToLatest } from "../db/migrate";
import { createUsersRepository } from "../repositories/users";

const run = promisify(execFile);

it("npm run admin -- promote EMAIL makes an existing account an admin", async () => {
  const file = path.join(os.tmpdir(), `student-hub-cli-${process.pid}.db`);
  const db = createDb({ kind: "sqlite", file });
  await migrateToLatest(db);
  await createUsersRepository(db).create({
    email: "teacher@school.example",
    passwordHash: "x",
    firstName: "T",
    lastName: "S",
    isAdmin: false,
  });
  const env = { ...process.env, DATABASE_URL: `sqlite:${file}` };
  const { stdout } = await run(process.execPath, ["--import", "tsx", "server/cli/admin.ts", "promote", "Teacher@School.example"], { env });
  expect(stdout).toContain("teacher@school.example is now an admin.");
  const row = await createUsersRepository(db).findByEmail("teacher@school.example");
  expect(row?.is_admin).toBe(1);
  await expect(
    run(process.execPath, ["--import", "tsx", "server/cli/admin.ts", "promote", "nobody@school.example"], { env }),
  ).rejects.toMatchObject({
    stderr: expect.stringContaining("No account with the email nobody@school.example"),
  });
  await db.destroy();
});
