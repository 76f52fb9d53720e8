import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_LOCKED, ADMINS_ONLY } from "../../core/admin";
import {
  INVALID_AUTH,
  INVALID_ENDPOINT,
  INVALID_P256DH,
  PUSH_PAYLOAD_TOO_LARGE,
  PUSH_RECIPIENT_REQUIRED,
  PUSH_TEXT_REQUIRED,
} from "../../core/schemas/push";
import { MAX_PUSH_DEVICES_PER_USER, VAPID_KEYS_SETTING } from "../services/push-service";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";
import { startTestPushService, type TestPushService } from "../test/push-service";
import { refusal } from "../test/refusal";
import { inEnglish } from "../../core/test/in-english";

const PASSCODE = "K7QM";
const NO_DEVICES = "No device has notifications turned on for this user";

describeEachEngine("push API", (engine) => {
  let pushService: TestPushService;
  let t: TestApp;
  beforeAll(async () => {
    pushService = await startTestPushService();
    t = await buildTestApp(engine, {
      env: { ADMIN_PASSCODE: PASSCODE, PUSH_ALLOWED_ENDPOINT_ORIGINS: pushService.origin, ADMIN_EMAILS: "staff@lincoln.example" },
    });
  });
  afterAll(async () => {
    await t.close();
    await pushService.close();
  });
  beforeEach(() => pushService.reset());

  async function account(options: { admin?: boolean } = {}) {
    const client = new TestClient(t.app);
    const { user, body } = await client.register();
    if (options.admin) await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", user.id).execute();
    return { client, id: user.id as number, email: body.email, password: body.password };
  }

  async function vapidPublicKey(): Promise<string> {
    return (await new TestClient(t.app).request("GET", "/public/onesignal-config")).json().vapidPublicKey;
  }

  /** A device of this client's, subscribed with the test push service and registered with the server. */
  async function subscribedDevice(client: TestClient) {
    const device = pushService.subscribe(await vapidPublicKey());
    const res = await client.request("POST", "/api/push/subscriptions", device.subscription);
    expect(res.statusCode, res.body).toBe(201);
    return device;
  }

  const storedEndpoints = async (userId?: number) =>
    (
      await t.db
        .selectFrom("push_subscriptions")
        .select("endpoint")
        .$if(userId !== undefined, (q) => q.where("user_id", "=", userId!))
        .orderBy("id")
        .execute()
    ).map((row) => row.endpoint);

  describe("the public key", () => {
    it("answers appId and a 65-byte VAPID public key, generated once and kept in the database for a restart", async () => {
      const res = await new TestClient(t.app).request("GET", "/public/onesignal-config");
      expect(res.statusCode).toBe(200);
      const { appId, vapidPublicKey: key } = res.json();
      expect(Buffer.from(key, "base64url")).toHaveLength(65);
      expect(appId).toBe(key);
      const stored = await t.services.settings.get<{ publicKey: string }>(VAPID_KEYS_SETTING);
      expect(stored?.publicKey).toBe(key);

      // Another instance (or a restart) on the same database signs with the same key.
      const again = await buildTestApp(engine, { database: t.config.database });
      try {
        expect((await new TestClient(again.app).request("GET", "/public/onesignal-config")).json().vapidPublicKey).toBe(key);
      } finally {
        await again.app.close();
        await again.db.destroy();
      }
    });

    it("uses VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when they are set", async () => {
      const keys = t.services.push.vapidKeys();
      const own = await buildTestApp(engine, {
        env: { VAPID_PUBLIC_KEY: (await keys).publicKey.replace(/.$/, "A"), VAPID_PRIVATE_KEY: (await keys).privateKey },
      });
      try {
        const res = await new TestClient(own.app).request("GET", "/public/onesignal-config");
        expect(res.json().vapidPublicKey).toBe((await keys).publicKey.replace(/.$/, "A"));
        expect(await own.services.settings.get(VAPID_KEYS_SETTING)).toBeUndefined();
      } finally {
        await own.close();
      }
    });
  });

  describe("subscriptions", () => {
    it("need a signed-in user and the CSRF token", async () => {
      const device = pushService.subscribe(await vapidPublicKey());
      expect((await new TestClient(t.app).request("POST", "/api/push/subscriptions", device.subscription)).statusCode).toBe(401);
      const { client } = await account();
      client.csrfToken = undefined;
      expect((await client.request("POST", "/api/push/subscriptions", device.subscription)).statusCode).toBe(403);
      expect(await storedEndpoints()).not.toContain(device.subscription.endpoint);
    });

    it("refuse endpoints that are not a browser's push service, and keys that are not keys, with 400 and the field", async () => {
      const { client } = await account();
      const good = pushService.subscribe(await vapidPublicKey()).subscription;
      const endpoints = [
        "http://fcm.googleapis.com/fcm/send/abc",
        "https://127.0.0.1/push",
        "https://10.0.0.5/push",
        "https://[::1]/push",
        "https://fcm.googleapis.com.evil.example/push",
        "https://evilpush.apple.com.example/x",
        "https://user:pw@fcm.googleapis.com/fcm/send/abc",
        "https://fcm.googleapis.com:8443/fcm/send/abc",
        "http://127.0.0.1:1/push/x",
        "javascript:alert(1)",
        "not a url",
        `https://fcm.googleapis.com/fcm/send/${"a".repeat(2049)}`,
      ];
      for (const endpoint of endpoints) {
        const res = await client.request("POST", "/api/push/subscriptions", { ...good, endpoint });
        expect(res.statusCode, endpoint).toBe(400);
        expect(Object.keys(res.json().errors), endpoint).toEqual(["endpoint"]);
      }
      const notOnCurve = Buffer.alloc(65, 7);
      notOnCurve[0] = 4;
      for (const p256dh of [notOnCurve.toString("base64url"), Buffer.alloc(33, 2).toString("base64url"), "not*base64", ""]) {
        const res = await client.request("POST", "/api/push/subscriptions", { ...good, keys: { ...good.keys, p256dh } });
        expect(res.statusCode, p256dh).toBe(400);
        expect(res.json().errors["keys.p256dh"], p256dh).toEqual([inEnglish(INVALID_P256DH)]);
      }
      const res = await client.request("POST", "/api/push/subscriptions", { ...good, keys: { ...good.keys, auth: "AAAA" } });
      expect(res.json().errors["keys.auth"]).toEqual([inEnglish(INVALID_AUTH)]);
      expect(await storedEndpoints()).not.toContain(good.endpoint);
      expect((await client.request("POST", "/api/push/subscriptions", { ...good, endpoint: "https://x.example/" })).json().message).toBe(
        inEnglish(INVALID_ENDPOINT),
      );
    });

    it("accept the browsers' push services by host", async () => {
      const { client, id } = await account();
      const keys = pushService.subscribe(await vapidPublicKey()).subscription.keys;
      const endpoints = [
        "https://fcm.googleapis.com/fcm/send/abc:def",
        "https://updates.push.services.mozilla.com/wpush/v2/gAAA",
        "https://web.push.apple.com/QGx1",
        "https://wns2-par02p.notify.windows.com/w/?token=BQY",
      ];
      for (const endpoint of endpoints) {
        expect(
          (await client.request("POST", "/api/push/subscriptions", { endpoint, expirationTime: null, keys })).statusCode,
          endpoint,
        ).toBe(201);
      }
      expect(await storedEndpoints(id)).toEqual(endpoints);
    });

    it("keep an account's 10 most recently registered devices: one more replaces the oldest, even when sent at once", async () => {
      const { client, id } = await account();
      const devices = [];
      for (let i = 0; i < MAX_PUSH_DEVICES_PER_USER + 2; i++) devices.push(await subscribedDevice(client));
      const endpoints = devices.map((d) => d.subscription.endpoint);
      expect(await storedEndpoints(id)).toEqual(endpoints.slice(2));
      // The third registers again (the browser renewed it): it counts as new, so one more device
      // replaces the fourth instead. (The others are dated a day back, so no two share a millisecond.)
      await t.db
        .updateTable("push_subscriptions")
        .set({ updated_at: new Date(Date.now() - 86_400_000).toISOString() })
        .where("user_id", "=", id)
        .execute();
      expect((await client.request("POST", "/api/push/subscriptions", devices[2]!.subscription)).statusCode).toBe(201);
      const newest = await subscribedDevice(client);
      expect((await storedEndpoints(id)).sort()).toEqual([endpoints[2], ...endpoints.slice(4), newest.subscription.endpoint].sort());
      expect((await client.request("GET", "/api/push/subscriptions")).json().devices).toBe(MAX_PUSH_DEVICES_PER_USER);

      const other = await account();
      const key = await vapidPublicKey();
      const atOnce = Array.from({ length: MAX_PUSH_DEVICES_PER_USER + 5 }, () => pushService.subscribe(key).subscription);
      const answers = await Promise.all(
        atOnce.map((subscription) => other.client.request("POST", "/api/push/subscriptions", subscription)),
      );
      expect(answers.map((a) => a.statusCode)).toEqual(atOnce.map(() => 201));
      expect(await storedEndpoints(other.id)).toHaveLength(MAX_PUSH_DEVICES_PER_USER);
    });

    it("bound expirationTime by the latest time a date can hold", async () => {
      const { client, id } = await account();
      const device = pushService.subscribe(await vapidPublicKey()).subscription;
      for (const expirationTime of [8.64e15 + 1, 1e300, -1, 1.5, "soon"]) {
        const res = await client.request("POST", "/api/push/subscriptions", { ...device, expirationTime });
        expect(res.statusCode, String(expirationTime)).toBe(400);
        expect(Object.keys(res.json().errors), String(expirationTime)).toEqual(["expirationTime"]);
      }
      expect(await storedEndpoints(id)).toEqual([]);
      expect((await client.request("POST", "/api/push/subscriptions", { ...device, expirationTime: 8.64e15 })).statusCode).toBe(201);
    });

    it("a device belongs to one person: subscribing an endpoint another account holds moves it, and their delete changes nothing", async () => {
      const first = await account();
      const second = await account();
      const device = await subscribedDevice(first.client);
      expect((await second.client.request("POST", "/api/push/subscriptions", device.subscription)).statusCode).toBe(201);
      expect(await storedEndpoints(first.id)).toEqual([]);
      expect(await storedEndpoints(second.id)).toEqual([device.subscription.endpoint]);

      const res = await first.client.request("DELETE", "/api/push/subscriptions", { endpoint: device.subscription.endpoint });
      expect(res.statusCode).toBe(204);
      expect(await storedEndpoints(second.id)).toEqual([device.subscription.endpoint]);

      expect(
        (await second.client.request("DELETE", "/api/push/subscriptions", { endpoint: device.subscription.endpoint })).statusCode,
      ).toBe(204);
      expect(await storedEndpoints(second.id)).toEqual([]);
    });

    it("signing out removes the devices registered through that session only; the admin step-up keeps them", async () => {
      const student = await account();
      const phone = new TestClient(t.app);
      expect((await phone.login(student.email, student.password)).statusCode).toBe(200);
      const laptopDevice = await subscribedDevice(student.client);
      const phoneDevice = await subscribedDevice(phone);
      expect((await student.client.request("GET", "/api/push/subscriptions")).json()).toEqual({
        subscribed: true,
        endpoint: laptopDevice.subscription.endpoint,
        devices: 2,
      });

      expect((await phone.request("POST", "/api/logout")).statusCode).toBeLessThan(300);
      expect(await storedEndpoints(student.id)).toEqual([laptopDevice.subscription.endpoint]);
      expect(phoneDevice.id).toBeTruthy();

      const admin = await account({ admin: true });
      const adminDevice = await subscribedDevice(admin.client);
      expect((await admin.client.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
      expect(await storedEndpoints(admin.id)).toEqual([adminDevice.subscription.endpoint]);
    });

    it("an admin's password reset or account deletion removes all of the user's devices", async () => {
      const admin = await account({ admin: true });
      expect((await admin.client.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
      await admin.client.refreshCsrf();
      const reset = await account();
      const deleted = await account();
      await subscribedDevice(reset.client);
      await subscribedDevice(deleted.client);

      expect((await admin.client.request("POST", `/api/admin/users/${reset.id}/reset-password`)).statusCode).toBe(200);
      expect((await admin.client.request("DELETE", `/api/admin/users/${deleted.id}`)).statusCode).toBe(204);
      expect(await storedEndpoints(reset.id)).toEqual([]);
      expect(await storedEndpoints(deleted.id)).toEqual([]);
    });
  });

  describe("sending", () => {
    it("to oneself: every device gets the encrypted, signed payload { title, body, url, tag }", async () => {
      const student = await account();
      const device = await subscribedDevice(student.client);
      const res = await student.client.request("POST", "/api/push/send", {
        externalUserIds: [String(student.id)],
        title: " Test ",
        body: "It works",
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect(pushService.refused()).toEqual([]);
      const [push] = pushService.received(device.id);
      expect(push?.payload).toEqual({ title: "Test", body: "It works", url: "/", tag: expect.stringMatching(/^message-[\w-]{16}$/) });
      expect(push?.ttl).toBe(86400);
      // No VAPID_SUBJECT: the first of ADMIN_EMAILS.
      expect(push?.subject).toBe("mailto:staff@lincoln.example");
    });

    it("to someone else: a student and a locked admin get 403 and nothing is sent; an unlocked admin reaches them, audited", async () => {
      const student = await account();
      const device = await subscribedDevice(student.client);
      const other = await account();
      const message = { externalUserIds: [student.id], title: "Assembly", body: "Gym at 10" };

      const asOther = await other.client.request("POST", "/api/push/send", message);
      expect(asOther.statusCode).toBe(403);
      expect(asOther.json()).toEqual(refusal(ADMINS_ONLY));
      const admin = await account({ admin: true });
      const locked = await admin.client.request("POST", "/api/push/send", message);
      expect(locked.statusCode).toBe(403);
      expect(locked.json()).toEqual(refusal(ADMIN_LOCKED));
      expect(pushService.received()).toEqual([]);

      expect((await admin.client.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
      await admin.client.refreshCsrf();
      const sent = await admin.client.request("POST", "/api/push/send", message);
      expect(sent.json()).toEqual({ ok: true });
      expect(pushService.received(device.id).map((push) => push.payload)).toMatchObject([{ title: "Assembly", body: "Gym at 10" }]);
      const audit = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "PUSH_SENT").execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ actor_user_id: admin.id, target: student.email });
      expect(JSON.parse(audit[0]!.details!)).toEqual({ title: "Assembly", delivered: 1, failed: 0 });
    });

    it("says when nobody has a device, deletes subscriptions the push service calls gone, and reports other failures", async () => {
      const student = await account();
      const self = (title: string) => ({ externalUserIds: [student.id], title, body: "x" });
      expect((await student.client.request("POST", "/api/push/send", self("None"))).json()).toEqual({ ok: false, error: NO_DEVICES });

      const expired = await subscribedDevice(student.client);
      const broken = await subscribedDevice(student.client);
      const working = await subscribedDevice(student.client);
      pushService.answerWith(expired.id, 410);
      pushService.answerWith(broken.id, 400);
      const res = await student.client.request("POST", "/api/push/send", self("Some"));
      expect(res.json()).toEqual({ ok: true, error: "Delivered to 1 of 2 devices; 1 could not be reached" });
      expect(pushService.received(working.id)).toHaveLength(1);
      expect(await storedEndpoints(student.id)).toEqual([broken.subscription.endpoint, working.subscription.endpoint]);
    });

    it("audits a push to someone with no device, or none that accepted it, as not delivered rather than sent", async () => {
      const admin = await account({ admin: true });
      expect((await admin.client.request("POST", "/api/admin/login", { passcode: PASSCODE })).statusCode).toBe(200);
      await admin.client.refreshCsrf();
      const deviceless = await account();
      const unreachable = await account();
      const refusing = await subscribedDevice(unreachable.client);
      pushService.answerWith(refusing.id, 400);

      const toDeviceless = await admin.client.request("POST", "/api/push/send", {
        externalUserIds: [deviceless.id],
        title: "Bus change",
        body: "x",
      });
      expect(toDeviceless.json()).toEqual({ ok: false, error: NO_DEVICES });
      await admin.client.request("POST", "/api/push/send", { externalUserIds: [unreachable.id], title: "Assembly", body: "x" });

      const audit = await t.db
        .selectFrom("audit_log")
        .selectAll()
        .where("actor_user_id", "=", admin.id)
        .where("action", "like", "PUSH_%")
        .orderBy("id")
        .execute();
      expect(audit.map((row) => [row.action, row.target, JSON.parse(row.details!)])).toEqual([
        ["PUSH_NOT_DELIVERED", deviceless.email, { title: "Bus change", reason: "no device" }],
        ["PUSH_NOT_DELIVERED", unreachable.email, { title: "Assembly", reason: "the push service did not accept it", failed: 1 }],
      ]);
      const [latest, first] = (await admin.client.request("GET", "/api/admin/audit-logs?limit=2")).json();
      expect(first).toMatchObject({ action: "PUSH_NOT_DELIVERED", targetUserEmail: deviceless.email, adminUserEmail: admin.email });
      expect(latest).toMatchObject({ action: "PUSH_NOT_DELIVERED", targetUserEmail: unreachable.email });
    });

    it("refuses missing, blank and oversized text, and bad recipient lists, with 400 and sends nothing", async () => {
      const student = await account();
      await subscribedDevice(student.client);
      const cases: Array<[unknown, string]> = [
        [{ externalUserIds: [student.id], title: "  ", body: "x" }, PUSH_TEXT_REQUIRED],
        [{ externalUserIds: [student.id], title: "x" }, PUSH_TEXT_REQUIRED],
        [{ externalUserIds: [], title: "x", body: "x" }, PUSH_RECIPIENT_REQUIRED],
        [{ title: "x", body: "x" }, PUSH_RECIPIENT_REQUIRED],
        [{ externalUserIds: ["abc"], title: "x", body: "x" }, "externalUserIds must be user ids"],
        [{ externalUserIds: Array.from({ length: 1001 }, (_, i) => i + 1), title: "x", body: "x" }, "At most 1000 users per notification"],
        [{ externalUserIds: [student.id], title: "x", body: "x".repeat(801) }, "Message must be at most 800 characters"],
        // 800 characters that JSON writes as six bytes each: over the 3,993-byte payload limit.
        [{ externalUserIds: [student.id], title: "x", body: "\u0001".repeat(800) }, PUSH_PAYLOAD_TOO_LARGE],
      ];
      for (const [body, message] of cases) {
        const res = await student.client.request("POST", "/api/push/send", body);
        expect(res.statusCode, message).toBe(400);
        // The English words, with the message's id as the code (decision 108).
        expect(res.json().message, message).toBe(inEnglish(message));
        expect(res.json().code, message).toMatch(/^admin\.push_/);
      }
      expect(pushService.received()).toEqual([]);
    });
  });
});
