import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { TOTAL_COUNT_HEADER } from "@core/admin";
import type { AdminUser } from "@core/schemas/admin";
import { admin, adminNetwork, adminUser, auditEntry, findToast } from "@/test/admin";
import { FakeServer, reply } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/daily-driver-three-client.spec.ts and e2e/daily-driver-three-server.spec.ts
// (docs/decisions/120): the passcode gate's rules, User Management's count and the Notifications
// chooser's note, and how the audit log names who acted. The rows' layout at 375 px stays in the
// browser; the server's side (order, X-Total-Count, the audit entries) is in server/routes/admin.test.ts
// and server/routes/push.test.ts.

const SHOW = /^Show ?passcode$/;
const HIDE = /^Hide ?passcode$/;

describe("the passcode gate on a phone", () => {
  it("starts in the field, waits for 4 characters, empties and refocuses the field after a wrong passcode, and its toggle says what it will do", async () => {
    const server = new FakeServer();
    adminNetwork(server, { locked: true });
    const { user } = await renderApp("/admin", { user: admin(), server, width: 375 });
    const field = await screen.findByLabelText("Admin Passcode");
    const unlock = screen.getByRole("button", { name: "Unlock Admin Panel" });
    await waitFor(() => expect(field).toHaveFocus());

    expect(unlock).toBeDisabled();
    for (const typed of ["Z", "ZZ", "ZZZ"]) {
      await user.type(field, "Z");
      expect(field).toHaveValue(typed);
      expect(unlock).toBeDisabled();
    }
    // Enter with 3 characters sends nothing either.
    await user.keyboard("{Enter}");
    expect(server.sent("POST /api/admin/login")).toEqual([]);
    await user.type(field, "Z");
    expect(unlock).toBeEnabled();

    await user.click(screen.getByRole("button", { name: SHOW }));
    expect(field).toHaveAttribute("type", "text");
    await user.click(screen.getByRole("button", { name: HIDE }));
    expect(field).toHaveAttribute("type", "password");
    expect(screen.getByRole("button", { name: SHOW })).toBeVisible();

    await user.click(unlock);
    expect(await findToast("Admin Login Failed", "Invalid passcode")).toBeVisible();
    expect(field).toHaveValue("");
    expect(field).toHaveFocus();
    expect(unlock).toBeDisabled();

    // Typed straight into the focused field.
    await user.keyboard("K7QM{Enter}");
    expect(await findToast("Admin Access Granted", "You now have admin privileges")).toBeVisible();
    expect(server.sent("POST /api/admin/login").map((request) => request.body)).toEqual([{ passcode: "ZZZZ" }, { passcode: "K7QM" }]);
  });
});

/** 64 students whose emails start with "dd3-", oldest first, the newest with a password reset pending. */
const STUDENTS: AdminUser[] = Array.from({ length: 64 }, (_, i) =>
  adminUser({
    id: 100 + i,
    email: `dd3-${String(i).padStart(2, "0")}@example.com`,
    firstName: "Student",
    lastName: `Number ${i}`,
    passwordResetRequired: i === 63,
    createdAt: new Date(Date.UTC(2026, 10, 1, 12, i)).toISOString(),
  }),
);

/** GET /api/admin/users as the server answers it: newest first, pages of `limit` with a Link to the next, X-Total-Count. */
function answerUsers(server: FakeServer, users: AdminUser[]): void {
  const newestFirst = [...users].reverse();
  server.on("GET /api/admin/users", ({ query }) => {
    const search = (query.get("search") ?? "").toLowerCase();
    const limit = Number(query.get("limit") ?? 50);
    const found = newestFirst.filter((user) => `${user.email} ${user.firstName} ${user.lastName}`.toLowerCase().includes(search));
    const after = query.get("after");
    const start = after === null ? 0 : found.findIndex((user) => user.id === Number(after)) + 1;
    const page = found.slice(start, start + limit);
    const headers: Record<string, string> = { [TOTAL_COUNT_HEADER]: String(found.length) };
    if (start + limit < found.length) {
      const next = new URLSearchParams(query);
      next.set("after", String(page.at(-1)!.id));
      headers.Link = `</api/admin/users?${next.toString()}>; rel="next"`;
    }
    return reply(200, page, headers);
  });
}

const userRows = () => within(screen.getByRole("list", { name: "Users" })).getAllByRole("listitem");
const countSays = (text: string) => screen.findByText(text, { selector: "[role=status]" });

describe("User Management on a phone", () => {
  it("says how many users match, lists them newest first, and narrows the count with a search", async () => {
    const server = new FakeServer();
    adminNetwork(server);
    answerUsers(server, STUDENTS);
    const { user } = await renderApp("/admin?search=dd3-", { user: admin(), server, width: 375 });

    expect(await countSays("64 users")).toBeVisible();
    await waitFor(() => expect(userRows()[0]).toHaveTextContent("dd3-63@example.com"));
    expect(within(userRows()[0]!).getByText("Password reset pending")).toBeVisible();
    expect(userRows()[1]).toHaveTextContent("dd3-62@example.com");
    await user.click(screen.getByRole("button", { name: "Load more users" }));
    await waitFor(() => expect(userRows()).toHaveLength(64));
    expect(userRows().at(-1)).toHaveTextContent("dd3-00@example.com");

    const search = screen.getByLabelText("Search users");
    await user.clear(search);
    await user.type(search, "dd3-6");
    expect(await countSays("4 users")).toBeVisible();
    await user.type(search, "3");
    expect(await countSays("1 user")).toBeVisible();
  });

  it("the Notifications chooser lists 8 of the matches and says a search finds the rest, until every match is listed", async () => {
    const server = new FakeServer();
    adminNetwork(server);
    answerUsers(server, STUDENTS);
    const { user } = await renderApp("/admin", { user: admin(), server, width: 375 });
    await user.click(await screen.findByRole("tab", { name: "Notifications" }));
    const search = await screen.findByLabelText("Search users");
    await user.type(search, "dd3-");

    const NOTE = "Showing 8 of 64 users. Search to find others.";
    expect(await screen.findByText(NOTE)).toBeVisible();
    const chooser = screen.getByRole("list", { name: "Matching users" });
    expect(within(chooser).getAllByRole("radio")).toHaveLength(8);
    expect(within(chooser).getAllByRole("listitem")[0]).toHaveTextContent("dd3-63@example.com");
    expect(search).toHaveAccessibleDescription(NOTE);

    // Every match listed: nothing to say.
    await user.type(search, "6");
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Matching users" })).getAllByRole("radio")).toHaveLength(4));
    expect(screen.queryByText(/^Showing \d+ of/)).toBeNull();
    expect(search).not.toHaveAccessibleDescription();
  });
});

describe("the audit log", () => {
  const ava = "ava@student.test";
  const leo = "leo@student.test";
  const noor = "noor@student.test";
  const rosa = "rosa@example.com";

  it("names a student acting on her own account “By”, not “Admin”, a push to a student with no device “Push Not Delivered”, and Copy Logs words them the same way", async () => {
    const server = new FakeServer();
    // As GET /api/admin/audit-logs answers them (server/routes/admin.test.ts, push.test.ts), newest first.
    adminNetwork(server, {
      logs: [
        auditEntry({
          id: 3,
          action: "PUSH_NOT_DELIVERED",
          targetUserEmail: noor,
          adminUserEmail: rosa,
          actorEmail: rosa,
          details: JSON.stringify({ title: "Bus change", reason: "no device" }),
        }),
        auditEntry({ id: 2, action: "USER_DELETED", targetUserEmail: leo, adminUserEmail: null, actorEmail: leo }),
        auditEntry({ id: 1, action: "PASSWORD_CHANGED", targetUserEmail: ava, adminUserEmail: null, actorEmail: ava }),
      ],
    });
    const { user } = await renderApp("/admin", { user: admin(), server, width: 375 });
    await user.click(await screen.findByRole("tab", { name: "Audit Log" }));
    expect(await screen.findByRole("heading", { level: 2, name: "Audit Log" })).toBeVisible();
    const entries = within(await screen.findByRole("list", { name: "Audit log entries" })).getAllByRole("listitem");
    const entry = (label: string) => entries.find((item) => item.textContent?.includes(label))!;

    for (const [label, email] of [
      ["Password Changed", ava],
      ["Account Deleted", leo],
    ]) {
      expect(entry(label!)).toHaveTextContent(email!);
      expect(within(entry(label!)).getByText("By:", { exact: true })).toBeVisible();
      expect(within(entry(label!)).queryByText("Admin:", { exact: true })).toBeNull();
    }
    const push = entry("Push Not Delivered");
    expect(push).toHaveTextContent(noor);
    expect(push).toHaveTextContent("title: Bus change, reason: no device");
    // The admin who sent it is still named as the admin.
    expect(within(push).getByText("Admin:", { exact: true })).toBeVisible();
    expect(push).toHaveTextContent(rosa);
    expect(entries.filter((item) => item.textContent?.includes("Push Sent"))).toEqual([]);

    await user.click(screen.getByRole("button", { name: "Copy Logs" }));
    await findToast("Logs Copied", "3 entries copied to the clipboard.");
    const copied = await navigator.clipboard.readText();
    expect(copied).toContain(`Password Changed | target: ${ava} | by: ${ava}`);
    expect(copied).toContain(`Account Deleted | target: ${leo} | by: ${leo}`);
    expect(copied).toContain(`Push Not Delivered | target: ${noor} | admin: ${rosa} | title: Bus change, reason: no device`);
  });
});
