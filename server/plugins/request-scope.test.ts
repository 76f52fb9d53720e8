import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { openRequestScopes } from "../repositories/transaction";
import requestScope from "./request-scope";

// Decision 095: a write's handler runs in a request scope (its transaction rolls back once its
// request was answered 503, decision 050); a read's does not, so the storage and Node's promise
// hooks stay off while only reads run.
describe("request scope", () => {
  it("runs write handlers in a scope and read handlers without one, and closes every scope", async () => {
    const app = Fastify({ logger: false });
    await app.register(requestScope);
    const seen: Record<string, number> = {};
    const handler = (name: string) => async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      seen[name] = openRequestScopes();
      return {};
    };
    app.get("/read", handler("GET"));
    for (const method of ["POST", "PUT", "PATCH", "DELETE"] as const) app.route({ method, url: "/write", handler: handler(method) });
    app.route({ method: ["GET", "POST"], url: "/both", handler: handler("GET+POST") });
    app.post("/fails", async () => {
      throw new Error("failed");
    });

    for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const)
      expect((await app.inject({ method, url: method === "GET" ? "/read" : "/write" })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/both" })).statusCode).toBe(200);
    expect(seen).toEqual({ GET: 0, POST: 1, PUT: 1, PATCH: 1, DELETE: 1, "GET+POST": 1 });
    expect(openRequestScopes()).toBe(0);

    // A write handler that fails closes its scope too.
    expect((await app.inject({ method: "POST", url: "/fails" })).statusCode).toBe(500);
    expect(openRequestScopes()).toBe(0);
    await app.close();
  });
});
