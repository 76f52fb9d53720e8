import { afterAll, beforeAll, expect, it } from "vitest";
import { buildTestApp, describeEachEngine, TestClient, type TestApp } from "../test/harness";

describeEachEngine("the session load", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine, {
      routes: (app) => {
        app.get("/api/test/request-user", async (request) => ({ columns: Object.keys(request.user ?? {}) }));
      },
    });
  });
  afterAll(() => t.close());

  it("gives request.user every column but the password hash", async () => {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    const res = await client.request("GET", "/api/test/request-user");
    expect(res.statusCode).toBe(200);
    const columns: string[] = res.json().columns;
    expect(columns).toContain("email");
    expect(columns).toContain("password_reset_required");
    expect(columns).not.toContain("password_hash");

    const loaded = await t.services.sessions.load(client.cookie!.slice("sid=".length));
    expect(loaded?.user.id).toBe(user.id);
    expect(loaded?.user).not.toHaveProperty("password_hash");
    // The hash is still there for whoever asks for it by name.
    expect(await t.services.users.findPasswordHash(user.id)).toMatch(/^\$argon2id\$/);
  });
});
