import { afterAll, beforeAll, expect, it } from "vitest";
import { MAX_DEVICE_PASSWORDS } from "../../core/schemas/device-passwords";
import { hashDevicePassword } from "../services/device-passwords";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";

const PASSCODE = "K7QM";
/** Four groups of four from the unambiguous alphabet (decision 133). */
const DEVICE_PASSWORD = /^[a-hjkmnp-z2-9]{4}(-[a-hjkmnp-z2-9]{4}){3}$/;

/** Device passwords (issue 52): the student's own list, create and revoke; an unlocked admin's view and revoke. */
describeEachEngine("device passwords", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { ADMIN_PASSCODE: PASSCODE, PUBLIC_URL: "https://hub.school.test" } });
  });
  afterAll(() => t.close());

  async function student() {
    const client = new TestClient(t.app);
    const { user, body } = await client.register();
    return { client, id: user.id as number, email: body.email as string };
  }
  async function unlockedAdmin() {
    const admin = await student();
    await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", admin.id).execute();
    expect((await admin.client.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
    await admin.client.refreshCsrf();
    return admin;
  }

  it("creates one with a name, shows its password once with the user name and address, and lists it without the password", async () => {
    const { client, email } = await student();
    expect((await client.request("GET", "/api/user/device-passwords")).json()).toEqual([]);
    const made = await client.request("POST", "/api/user/device-passwords", { name: "  Maya's iPhone " });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.headers["cache-control"]).toBe("no-store");
    const created = made.json();
    expect(created).toEqual({
      id: expect.any(Number),
      name: "Maya's iPhone",
      username: email,
      password: expect.stringMatching(DEVICE_PASSWORD),
      serverUrl: "https://hub.school.test/",
    });
    // Only its hash is kept, the same whether typed with dashes or not, in either case.
    const row = await t.db.selectFrom("device_passwords").selectAll().where("id", "=", created.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toBe(hashDevicePassword(created.password));
    expect(hashDevicePassword(created.password.replaceAll("-", "").toUpperCase())).toBe(row.password_hash);
    expect(JSON.stringify(row)).not.toContain(created.password);

    const list = await client.request("GET", "/api/user/device-passwords");
    expect(list.json()).toEqual([{ id: created.id, name: "Maya's iPhone", createdAt: expect.any(String), lastUsedAt: null }]);
    expect(list.body).not.toContain(created.password);
    // Two are never the same.
    const second = (await client.request("POST", "/api/user/device-passwords", { name: "Laptop" })).json();
    expect(second.password).not.toBe(created.password);
  });

  it("refuses a missing or long name and an eleventh password with a code, creating nothing", async () => {
    const { client } = await student();
    for (const [body, code] of [
      [{}, "caldav.name_required"],
      [{ name: "   " }, "caldav.name_required"],
      [{ name: "x".repeat(61) }, "caldav.name_too_long"],
    ] as const) {
      const res = await client.request("POST", "/api/user/device-passwords", body);
      expect([res.statusCode, res.json().code]).toEqual([400, code]);
    }
    for (let i = 0; i < MAX_DEVICE_PASSWORDS; i++) {
      expect((await client.request("POST", "/api/user/device-passwords", { name: `Device ${i}` })).statusCode).toBe(201);
    }
    const over = await client.request("POST", "/api/user/device-passwords", { name: "One too many" });
    expect([over.statusCode, over.json().code, over.json().params]).toEqual([409, "caldav.too_many", { max: MAX_DEVICE_PASSWORDS }]);
    expect((await client.request("GET", "/api/user/device-passwords")).json()).toHaveLength(MAX_DEVICE_PASSWORDS);
  });

  it("revokes the student's own; another student's is not found, and neither list shows the other's", async () => {
    const maya = await student();
    const sam = await student();
    const mine = (await maya.client.request("POST", "/api/user/device-passwords", { name: "Phone" })).json();
    expect((await sam.client.request("GET", "/api/user/device-passwords")).json()).toEqual([]);
    const theirs = await sam.client.request("DELETE", `/api/user/device-passwords/${mine.id}`);
    expect([theirs.statusCode, theirs.json().code]).toEqual([404, "caldav.device_password_not_found"]);
    expect((await sam.client.request("DELETE", "/api/user/device-passwords/abc")).statusCode).toBe(404);
    expect((await maya.client.request("DELETE", `/api/user/device-passwords/${mine.id}`)).statusCode).toBe(204);
    expect((await maya.client.request("GET", "/api/user/device-passwords")).json()).toEqual([]);
    expect((await maya.client.request("DELETE", `/api/user/device-passwords/${mine.id}`)).statusCode).toBe(404);
  });

  it("lets an unlocked admin list and revoke a user's, with an audit entry; a student or a locked admin cannot", async () => {
    const maya = await student();
    const made = (await maya.client.request("POST", "/api/user/device-passwords", { name: "Chromebook" })).json();
    const path = `/api/admin/users/${maya.id}/device-passwords`;
    expect((await maya.client.request("GET", path)).statusCode).toBe(403);

    const admin = await unlockedAdmin();
    const listed = await admin.client.request("GET", path);
    expect(listed.json()).toEqual([{ id: made.id, name: "Chromebook", createdAt: expect.any(String), lastUsedAt: null }]);
    expect((await admin.client.request("GET", "/api/admin/users/999999/device-passwords")).json().code).toBe("server.user_not_found");
    expect((await admin.client.request("DELETE", `${path}/999999`)).json().code).toBe("caldav.device_password_not_found");
    expect((await admin.client.request("DELETE", `${path}/${made.id}`)).statusCode).toBe(204);
    expect((await maya.client.request("GET", "/api/user/device-passwords")).json()).toEqual([]);
    const audit = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "DEVICE_PASSWORD_REVOKED").execute();
    expect(audit.map((a) => [a.actor_email, a.target, JSON.parse(a.details!)])).toEqual([
      [admin.email, maya.email, { name: "Chromebook" }],
    ]);
  });

  it("goes with the account when it is deleted", async () => {
    const maya = await student();
    await maya.client.request("POST", "/api/user/device-passwords", { name: "Phone" });
    const admin = await unlockedAdmin();
    expect((await admin.client.request("DELETE", `/api/admin/users/${maya.id}`)).statusCode).toBe(204);
    expect(await t.db.selectFrom("device_passwords").selectAll().where("user_id", "=", maya.id).execute()).toEqual([]);
  });
});
