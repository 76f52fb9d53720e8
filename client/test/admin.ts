import { waitFor } from "@testing-library/react";
import { expect } from "vitest";
import type { RosterRun } from "@core/schemas/roster-runs";
import type { User } from "@core/api-types";
import { TOTAL_COUNT_HEADER } from "@core/admin";
import type { AdminUser, AuditLogEntry } from "@core/schemas/admin";
import { type FakeServer, reply, student } from "./fake-server";

// What the admin area's component tests share (moved from e2e/admin*.spec.ts, docs/decisions/120):
// an admin, the panel's lists as the API answers them, and the toasts the panel says things in.

/** An admin as GET /api/session answers one: Rosa Diaz. */
export function admin(fields: Partial<User> = {}): User {
  return student({ id: 1, email: "rosa@example.com", firstName: "Rosa", lastName: "Diaz", isAdmin: true, ...fields });
}

/** A row of GET /api/admin/users. */
export function adminUser(fields: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 2,
    email: "sam@example.com",
    firstName: "Sam",
    lastName: "Lee",
    isAdmin: false,
    passwordResetRequired: false,
    createdAt: "2026-11-20T15:00:00.000Z",
    hasPassword: true,
    providers: [],
    twoFactor: false,
    ...fields,
  };
}

/** An entry of GET /api/admin/audit-logs. */
export function auditEntry(fields: Partial<AuditLogEntry> = {}): AuditLogEntry {
  return {
    id: 1,
    action: "USER_DELETED",
    targetUserEmail: "lou@example.com",
    adminUserEmail: "rosa@example.com",
    actorEmail: "rosa@example.com",
    details: null,
    createdAt: "2026-11-30T15:00:00.000Z",
    ...fields,
  };
}

/** Half an hour from now: the passcode's step-up, as GET /api/session answers it after an unlock. */
export const unlockedUntil = () => new Date(Date.now() + 30 * 60 * 1000).toISOString();

/**
 * The admin's network: GET /api/session says unlocked (unless `locked`), and the panel's lists are
 * answered from `users` (searched by email or name, as the server does), `logs` and `settings`.
 * POST /api/admin/login unlocks when the passcode is `passcode`, else 401 with the server's words.
 */
export function adminNetwork(
  server: FakeServer,
  options: { users?: AdminUser[]; logs?: AuditLogEntry[]; locked?: boolean; passcode?: string } = {},
) {
  const state = {
    until: options.locked ? null : unlockedUntil(),
    users: options.users ?? [adminUser({ id: 1, email: "rosa@example.com", firstName: "Rosa", lastName: "Diaz", isAdmin: true })],
    logs: options.logs ?? [],
    settings: { instagramUrl: null as string | null, logoUrl: null as string | null, guardianDigestsEnabled: true },
    // The roster syncs (issue 55), newest first: one that failed, one that wrote, leaving a student's own class list.
    rosterRuns: [
      {
        id: 2,
        source: "oneroster",
        startedAt: "2026-11-29T07:00:00.000Z",
        finishedAt: "2026-11-29T07:00:05.000Z",
        status: "failed",
        reason: "timed_out",
        created: 0,
        updated: 0,
        disabled: 0,
        refused: [],
        mode: "delta",
      },
      {
        id: 1,
        source: "oneroster",
        startedAt: "2026-11-28T07:00:00.000Z",
        finishedAt: "2026-11-28T07:00:09.000Z",
        status: "ok",
        reason: null,
        created: 412,
        updated: 3,
        disabled: 2,
        refused: [{ sourcedId: "stu-9", reason: "classes_kept" }],
        mode: "full",
      },
    ] as RosterRun[],
    // The retention policy (issue 55): on at 400 days, with notices; one account to email, one to delete.
    retention: {
      policy: { inactiveDays: 400 as number | null, noticeDays: 30, auditDays: 730, disabledDays: 30, mailNotices: true },
      willNotify: [{ userId: 7, email: "quiet@example.com", lastSeenAt: "2025-11-20T15:00:00.000Z" }],
      willDelete: [{ userId: 8, email: "gone@example.com", lastSeenAt: "2025-10-01T15:00:00.000Z" }],
      lastRunAt: "2026-11-29T14:00:00.000Z" as string | null,
    },
  };
  server.on("GET /api/session", () => ({ user: server.user, adminUnlockedUntil: state.until }));
  server.on("POST /api/admin/login", ({ body }) => {
    if ((body as { passcode: string }).passcode !== (options.passcode ?? "K7QM")) {
      return reply(401, { message: "Invalid passcode", code: "server.wrong_passcode" });
    }
    state.until = unlockedUntil();
    return { adminUnlockedUntil: state.until };
  });
  server.on("POST /api/admin/logout", () => {
    state.until = null;
    return { ok: true };
  });
  server.on("GET /api/admin/users", ({ query }) => {
    const search = (query.get("search") ?? "").toLowerCase();
    const isAdmin = query.get("isAdmin");
    const found = state.users.filter(
      (user) =>
        `${user.email} ${user.firstName} ${user.lastName}`.toLowerCase().includes(search) &&
        (isAdmin === null || String(user.isAdmin) === isAdmin),
    );
    const limit = Number(query.get("limit") ?? 50);
    return reply(200, found.slice(0, limit), { [TOTAL_COUNT_HEADER]: String(found.length) });
  });
  const row = (id: string) => state.users.find((user) => user.id === Number(id));
  const change = (id: string, fields: Partial<AdminUser>) =>
    (state.users = state.users.map((user) => (user.id === Number(id) ? { ...user, ...fields } : user)));
  server.on("PATCH /api/admin/users/:id/admin-status", ({ params, body }) => {
    change(params.id!, { isAdmin: (body as { isAdmin: boolean }).isAdmin });
    return row(params.id!);
  });
  server.on("POST /api/admin/users/:id/reset-password", ({ params }) => {
    change(params.id!, { passwordResetRequired: true });
    return { temporaryPassword: "Kp7m-Rt4x-Wq9z" };
  });
  server.on("DELETE /api/admin/users/:id/two-factor", ({ params }) => {
    change(params.id!, { twoFactor: false });
    return reply(204);
  });
  server.on("DELETE /api/admin/users/:id", ({ params }) => {
    state.users = state.users.filter((user) => user.id !== Number(params.id));
    return reply(204);
  });
  server.on("POST /api/admin/retention/cohort", ({ body }) => {
    const { userIds } = body as { userIds: number[] };
    state.users = state.users.filter((user) => !userIds.includes(user.id));
    return { deleted: userIds.length };
  });
  server.on("GET /api/admin/retention", () => state.retention);
  server.on("GET /api/admin/roster/runs", () => state.rosterRuns);
  server.on("POST /api/admin/roster/runs", () => reply(202, { ok: true }));
  // A OneRoster CSV bundle: anything but a zip is refused as the server does; a zip makes two
  // accounts, updates one (keeping its own class list), closes one and leaves one without an email.
  server.on("POST /api/admin/roster/oneroster-csv", (request) => {
    const bundle = request.body;
    if (!(bundle instanceof Blob) || bundle.type !== "application/zip" || bundle.size === 0)
      return reply(400, { message: "This file is not a zip archive.", code: "admin.oneroster_csv_not_zip" });
    const preview = request.query.get("preview") === "true";
    const counts = { created: 2, updated: 1, disabled: 1, refused: [{ sourcedId: "stu-3", reason: "no_email" }] };
    const run: RosterRun | null = preview
      ? null
      : {
          id: state.rosterRuns.length + 1,
          source: "csv",
          mode: "full",
          startedAt: "2026-11-29T15:00:00.000Z",
          finishedAt: "2026-11-29T15:00:01.000Z",
          status: "ok",
          reason: null,
          ...counts,
        };
    if (run) state.rosterRuns = [run, ...state.rosterRuns];
    return {
      preview,
      mode: "full",
      ...counts,
      changes: [
        { sourcedId: "stu-1", email: "marisol@lincoln.example", name: "Marisol Peña", action: "created" },
        { sourcedId: "stu-2", email: "kofi@lincoln.example", name: "Kofi Mensah", action: "created" },
        { sourcedId: "stu-5", email: "ivy@lincoln.example", name: "Ivy Tran", action: "updated", reason: "classes_kept" },
        { sourcedId: "stu-6", email: "ben@lincoln.example", name: "Ben Okafor", action: "disabled" },
        { sourcedId: "stu-3", email: null, name: "Noemail Student", action: "refused", reason: "no_email" },
      ],
      moreChanges: 0,
      run,
    };
  });
  server.on("GET /api/admin/audit-logs", () => state.logs);
  server.on("GET /api/admin/settings", () => state.settings);
  return state;
}

/** The toast with this title and text (the toast library's items: the panel's Notifications tab is a region of that name too). */
export function findToast(title: string, text: string | RegExp): Promise<HTMLElement> {
  return waitFor(() => {
    const items = [...document.querySelectorAll<HTMLElement>("[data-sonner-toast]")];
    const found = items.find((item) => {
      const words = item.textContent ?? "";
      return words.includes(title) && (typeof text === "string" ? words.includes(text) : text.test(words));
    });
    if (!found) throw new Error(`No toast "${title}" / ${String(text)}; toasts: ${items.map((item) => item.textContent).join(" | ")}`);
    // Found as it mounts, a toast can be hidden for a moment (a question closing over it, under
    // CI's load): waited for until shown, as a person would see it.
    expect(found).toBeVisible();
    return found;
  });
}
