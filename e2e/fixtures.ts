import { randomBytes } from "node:crypto";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { E2E_DB_FILE, E2E_PORT } from "../playwright.config";
import { createDb, type Db } from "../server/db/connection";
import { createSessionsRepository } from "../server/repositories/sessions";
import { createUsersRepository } from "../server/repositories/users";
import { hashPassword } from "../server/services/passwords";

export const PASSWORD = "Str0ng!Passw0rd";

export interface SeededUser {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

let db: Db | undefined;

/**
 * After writing the server's file behind its back: the server keeps sessions in memory and notices
 * another process's writes within 10 ms (SQLITE_OTHER_PROCESS_CHECK_MS, docs/decisions/093), as
 * it would the admin CLI's.
 */
export const serverNoticesOutsideWrite = () => new Promise((resolve) => setTimeout(resolve, 30));
/** The server's own SQLite file: tests seed rows as the app would write them. */
export function e2eDb(): Db {
  db ??= createDb({ kind: "sqlite", file: E2E_DB_FILE });
  return db;
}

/**
 * The classes a seeded student has unless a test says otherwise: a set-up schedule, so that "Complete
 * Your Setup" does not open over the screen under test. The names are the fallback subjects', so the
 * Subject choices read the same as for a student without classes.
 */
export const DEFAULT_CLASSES = ["Mathematics", "Science", "History", "English", "Chemistry", "Physics", "Biology", "Other"];

/** Pass `userClasses: []` for a student who has not set up classes yet. */
export async function seedUser(
  overrides: Partial<{
    firstName: string;
    lastName: string;
    email: string;
    password: string;
    userClasses: string[];
    isAdmin: boolean;
  }> = {},
): Promise<SeededUser> {
  const email = overrides.email ?? `e2e-${randomBytes(5).toString("hex")}@example.com`;
  const password = overrides.password ?? PASSWORD;
  const user = await createUsersRepository(e2eDb()).create({
    email,
    passwordHash: await hashPassword(password),
    firstName: overrides.firstName ?? "Maya",
    lastName: overrides.lastName ?? "Patel",
    isAdmin: overrides.isAdmin ?? false,
  });
  if (!user) throw new Error("seedUser: email taken");
  await e2eDb()
    .updateTable("users")
    .set({ user_classes: JSON.stringify(overrides.userClasses ?? DEFAULT_CLASSES) })
    .where("id", "=", user.id)
    .execute();
  return { id: user.id, email, firstName: user.first_name, lastName: user.last_name, password };
}

/** Signs the page's browser context in by creating a session row and setting its cookie. */
export async function signIn(page: Page, user: SeededUser) {
  const { id } = await createSessionsRepository(e2eDb()).create(user.id);
  await page.context().addCookies([{ name: "sid", value: id, domain: "localhost", path: "/", httpOnly: true, sameSite: "Lax" }]);
}

/** Makes `user` one whose password an admin has just reset: only /password-reset is reachable. */
export async function requirePasswordReset(user: SeededUser, temporaryPassword: string): Promise<void> {
  await e2eDb()
    .updateTable("users")
    .set({
      password_hash: await hashPassword(temporaryPassword),
      password_reset_required: 1,
      temporary_password_expires_at: new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString(),
    })
    .where("id", "=", user.id)
    .execute();
  await serverNoticesOutsideWrite();
}

/** Writes an app-wide setting as the admin screen would (the value is stored as JSON text). */
export async function setAppSetting(key: string, value: unknown): Promise<void> {
  const now = new Date().toISOString();
  const json = JSON.stringify(value);
  await e2eDb()
    .insertInto("app_settings")
    .values({ key, value: json, updated_at: now })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value: json, updated_at: now }))
    .execute();
}

export async function clearAppSetting(key: string): Promise<void> {
  await e2eDb().deleteFrom("app_settings").where("key", "=", key).execute();
}

/**
 * Collects Content Security Policy violations of the page: the console reports
 * ("Refused to ... Content Security Policy ...") and the DOM's securitypolicyviolation events.
 * Call before the first navigation; read the returned list after the page has done its work.
 */
export async function collectCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) violations.push(message.text());
  });
  await page.exposeFunction("__reportCspViolation", (text: string) => {
    violations.push(text);
  });
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __reportCspViolation?: (t: string) => void }).__reportCspViolation;
      report?.(
        `${event.violatedDirective} blocked ${event.blockedURI || "inline code"} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      );
    });
  });
  return violations;
}

/** One of the dashboard's three section tabs (Home, Tasks, Calendar); feature tabs have tabs of their own. */
export function dashboardTab(page: Page, name: "Home" | "Tasks" | "Calendar") {
  return page.getByRole("tablist", { name: "Dashboard sections" }).getByRole("tab", { name, exact: true });
}

/** Settings, from the sidebar on a wide screen or from the menu drawer on a phone. */
export async function openSettings(page: Page, phone: boolean): Promise<Locator> {
  if (phone) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Settings" }).click();
  } else {
    await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Settings" }).click();
  }
  const settings = page.getByRole("dialog", { name: "Settings" });
  await expect(settings).toBeVisible();
  return settings;
}

export const test = base.extend<{ user: SeededUser; signedInPage: Page }>({
  user: async ({}, use) => {
    await use(await seedUser());
  },
  /** A page already signed in as `user`, on the dashboard. */
  signedInPage: async ({ page, user }, use) => {
    await signIn(page, user);
    await use(page);
  },
});

export { expect, E2E_PORT };
