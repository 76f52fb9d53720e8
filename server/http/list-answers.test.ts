import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { listEtag } from "./conditional-get";
import type { SessionUser } from "../repositories/sessions";
import { createListAnswers } from "./list-answers";

const itemsJson = { type: "array", items: { type: "object", properties: { id: { type: "integer" }, title: { type: "string" } } } };

/** A bare app with one list route per test user, reading from `lists` and counting reads. */
async function appWith(maxBytes: number) {
  const answers = createListAnswers(maxBytes);
  const lists = new Map<number, Array<{ id: number; title: string; secret?: string }>>();
  const versions = new Map<number, number>();
  const reads: number[] = [];
  const app = Fastify();
  app.decorateRequest("user", null);
  app.addHook("onRequest", async (request) => {
    const id = Number(request.headers["x-user"]);
    request.user = { id, created_at: "2026-01-01T00:00:00.000Z", data_version: versions.get(id) ?? 0 } as SessionUser;
  });
  const etag = listEtag("items", itemsJson);
  app.get("/items", { schema: { response: { 200: itemsJson } } }, (request, reply) =>
    answers.send(request, reply, {
      kind: "items",
      etag,
      read: async (userId) => {
        reads.push(userId);
        return lists.get(userId) ?? [];
      },
    }),
  );
  await app.ready();
  const get = (user: number) => app.inject({ method: "GET", url: "/items", headers: { "x-user": String(user) } });
  return { app, answers, lists, versions, reads, get };
}

describe("list answers kept in memory", () => {
  it("serves an unchanged list without reading it again, through the route's serializer", async () => {
    const t = await appWith(1024 * 1024);
    t.lists.set(1, [{ id: 1, title: "Essay", secret: "not in the schema" }]);
    const first = await t.get(1);
    const second = await t.get(1);
    expect(first.json()).toEqual([{ id: 1, title: "Essay" }]);
    expect(second.body).toBe(first.body);
    expect(second.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(t.reads).toEqual([1]);
    // A new version (a write anywhere) reads the list again.
    t.lists.set(1, [{ id: 1, title: "Essay v2" }]);
    t.versions.set(1, 1);
    expect((await t.get(1)).json()).toEqual([{ id: 1, title: "Essay v2" }]);
    expect(t.reads).toEqual([1, 1]);
    await t.app.close();
  });

  it("keeps each user's list apart", async () => {
    const t = await appWith(1024 * 1024);
    t.lists.set(1, [{ id: 1, title: "Alice's" }]);
    t.lists.set(2, [{ id: 2, title: "Bob's" }]);
    expect((await t.get(1)).json()).toEqual([{ id: 1, title: "Alice's" }]);
    expect((await t.get(2)).json()).toEqual([{ id: 2, title: "Bob's" }]);
    expect((await t.get(1)).json()).toEqual([{ id: 1, title: "Alice's" }]);
    expect(t.answers.stats().answers).toBe(2);
    await t.app.close();
  });

  it("stays within its memory bound, dropping the least recently used answer first", async () => {
    const long = (id: number) => [{ id, title: "x".repeat(1000) }];
    // About 2 KB per kept answer (UTF-16), so a 9 KB bound holds four.
    const t = await appWith(9 * 1024);
    for (let user = 1; user <= 6; user++) {
      t.lists.set(user, long(user));
      await t.get(user);
      expect(t.answers.stats().bytes).toBeLessThanOrEqual(9 * 1024);
    }
    expect(t.answers.stats().answers).toBe(4);
    t.reads.length = 0;
    await t.get(6);
    await t.get(1);
    expect(t.reads).toEqual([1]);
    await t.app.close();
  });

  it("never keeps an answer larger than a quarter of the bound", async () => {
    const t = await appWith(4 * 1024);
    t.lists.set(1, [{ id: 1, title: "x".repeat(1000) }]);
    await t.get(1);
    await t.get(1);
    expect(t.answers.stats()).toEqual({ answers: 0, bytes: 0 });
    expect(t.reads).toEqual([1, 1]);
    await t.app.close();
  });
});
