import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSRF_EXEMPT_PATHS } from "../../core/api-paths";
import { hashSessionId } from "../repositories/sessions";
import { requireUser } from "../http/request-context";
import { hashPassword } from "../services/passwords";
import { ADMIN_LOCKED, ADMIN_UNLOCK_MS, ADMINS_ONLY, setGuardDefaults } from "./route-guards";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";
import { refusal } from "../test/refusal";
import { browserOf } from "../http/browser";

describeEachEngine("route guards", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, {
      // The admin levels have no real routes yet: these stand in for them.
      routes: async (app, services) => {
        app.get("/api/test/admin", { config: { auth: "admin" } }, async () => ({ ok: true }));
        // A route that forgot its guard but reads the user: requireUser still answers 401.
        app.get("/api/test/unguarded-user", { config: { auth: "public" } }, async (request) => ({ id: requireUser(request).id }));
        app.get("/api/test/admin-unlocked", { config: { auth: "admin-unlocked" } }, async () => ({ ok: true }));
        app.post("/api/test/unlock", { config: { auth: "admin" } }, async (request, reply) => {
          await services.sessionService.rotate(browserOf(request, reply), { adminUnlockedAt: new Date() });
          return { ok: true };
        });
        await app.register(async (group) => {
          setGuardDefaults(group, { auth: "admin-unlocked" });
          group.delete("/api/test/group/locked", async () => ({ ok: true }));
          group.get("/api/test/group/open", { config: { auth: "public" } }, async () => ({ ok: true }));
        });
      },
    });
  });
  afterAll(() => t.close());

  describe("declared on the routes", () => {
    it("exempt from the CSRF token exactly the paths the client sends without one (CSRF_EXEMPT_PATHS)", () => {
      const exempt = t.app
        .routeGuards()
        .filter((route) => !route.csrf)
        .map((route) => `${route.method} ${route.url}`);
      expect(exempt.sort()).toEqual(CSRF_EXEMPT_PATHS.map((path) => `POST ${path}`).sort());
    });

    it("leave every other route of the API needing at least a signed-in user unless it says public", () => {
      const publicRoutes = t.app
        .routeGuards()
        .filter((route) => route.url.startsWith("/api/") && !route.url.startsWith("/api/test/") && route.auth === "public")
        .map((route) => `${route.method} ${route.url}`);
      expect(publicRoutes.sort()).toEqual(
        [
          "GET /api/admin/csrf-token",
          "GET /api/auth/providers",
          "GET /api/auth/registration",
          "GET /api/csrf-token",
          "GET /api/health",
          "GET /api/session",
          "GET /api/settings/public",
          "HEAD /api/admin/csrf-token",
          "HEAD /api/auth/providers",
          "HEAD /api/auth/registration",
          "HEAD /api/csrf-token",
          "HEAD /api/health",
          "HEAD /api/session",
          "HEAD /api/settings/public",
          ...CSRF_EXEMPT_PATHS.map((path) => `POST ${path}`),
        ].sort(),
      );
    });

    it("answer 401, not 500, when a route reads the user its guard did not require", async () => {
      const visitor = await new TestClient(t.app).request("GET", "/api/test/unguarded-user");
      expect(visitor.statusCode).toBe(401);
      expect(visitor.json()).toEqual({ message: "Not signed in", code: "server.not_signed_in" });
      const student = new TestClient(t.app);
      const { user } = await student.register();
      expect((await student.request("GET", "/api/test/unguarded-user")).json()).toEqual({ id: user.id });
    });

    it("take a route group's defaults, and a route's own setting over them", async () => {
      const guards = t.app.routeGuards();
      expect(guards.find((r) => r.url === "/api/test/group/locked")).toMatchObject({ auth: "admin-unlocked", csrf: true });
      expect(guards.find((r) => r.url === "/api/test/group/open" && r.method === "GET")).toMatchObject({ auth: "public" });
      expect((await new TestClient(t.app).request("GET", "/api/test/group/open")).statusCode).toBe(200);
    });
  });

  describe("admin levels", () => {
    async function admin() {
      const client = new TestClient(t.app);
      const { user } = await client.register();
      await t.db.updateTable("users").set({ is_admin: 1 }).where("id", "=", user.id).execute();
      return client;
    }

    it("answer a visitor with 401 and a signed-in non-admin with 403", async () => {
      const visitor = new TestClient(t.app);
      expect((await visitor.request("GET", "/api/test/admin")).statusCode).toBe(401);
      expect((await visitor.request("GET", "/api/test/admin-unlocked")).json()).toEqual({
        message: "Not signed in",
        code: "server.not_signed_in",
      });
      const student = new TestClient(t.app);
      await student.register();
      for (const path of ["/api/test/admin", "/api/test/admin-unlocked"]) {
        const res = await student.request("GET", path);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual(refusal(ADMINS_ONLY));
      }
    });

    it("let an admin through to 'admin' routes, and to 'admin-unlocked' ones only after the step-up, for 30 minutes", async () => {
      const client = await admin();
      expect((await client.request("GET", "/api/test/admin")).statusCode).toBe(200);
      const locked = await client.request("GET", "/api/test/admin-unlocked");
      expect(locked.statusCode).toBe(403);
      expect(locked.json()).toEqual(refusal(ADMIN_LOCKED));
      expect((await client.request("DELETE", "/api/test/group/locked")).json()).toEqual(refusal(ADMIN_LOCKED));

      const before = client.cookie!;
      expect((await client.request("POST", "/api/test/unlock")).statusCode).toBe(200);
      // The step-up gives the session a new id; the old one is gone.
      expect(client.cookie).not.toBe(before);
      expect((await t.app.inject({ url: "/api/user", headers: { cookie: before } })).statusCode).toBe(401);
      // And a new CSRF token: the old one no longer passes.
      expect((await client.request("DELETE", "/api/test/group/locked")).statusCode).toBe(403);
      await client.refreshCsrf();
      expect((await client.request("GET", "/api/test/admin-unlocked")).statusCode).toBe(200);
      expect((await client.request("DELETE", "/api/test/group/locked")).statusCode).toBe(200);

      await t.db
        .updateTable("sessions")
        .set({ admin_unlocked_at: new Date(Date.now() - ADMIN_UNLOCK_MS - 1000).toISOString() })
        .where("id_hash", "=", hashSessionId(client.cookie!.slice("sid=".length)))
        .execute();
      expect((await client.request("GET", "/api/test/admin-unlocked")).json()).toEqual(refusal(ADMIN_LOCKED));
    });
  });

  describe("unknown /api paths keep their answers", () => {
    it("answers a visitor's GET with 404 and a state-changing call without a session with 401", async () => {
      const visitor = new TestClient(t.app);
      expect((await visitor.request("GET", "/api/nope")).statusCode).toBe(404);
      const post = await visitor.request("POST", "/api/nope", {});
      expect(post.statusCode).toBe(401);
      expect(post.json()).toEqual({ message: "Not signed in", code: "server.not_signed_in" });
    });

    it("asks a signed-in user for the CSRF token first, then answers 404", async () => {
      const client = new TestClient(t.app);
      await client.register();
      const token = client.csrfToken;
      client.csrfToken = undefined;
      const refused = await client.request("DELETE", "/api/nope");
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: "Invalid or missing CSRF token", code: "server.csrf_invalid" });
      client.csrfToken = token;
      expect((await client.request("DELETE", "/api/nope")).statusCode).toBe(404);
      expect((await client.request("POST", "/api/nope", {}, { origin: "https://evil.example" })).statusCode).toBe(403);
    });

    it("keeps them closed to a user who must first set a new password", async () => {
      const client = new TestClient(t.app);
      const { user } = await client.register();
      await t.db
        .updateTable("users")
        .set({ password_hash: await hashPassword("Temp0rary!Pass"), password_reset_required: 1 })
        .where("id", "=", user.id)
        .execute();
      const res = await client.request("GET", "/api/nope");
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: "You must set a new password before continuing.", code: "server.password_reset_pending" });
    });
  });
});
