import { MutationObserver, onlineManager, QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Task } from "@core/schemas/task";
import { FOCUS_SESSION_MUTATION_KEY, focusSessionVariables } from "@/api/changes";
import { getTasksQueryOptions, TASK_MUTATION_KEY } from "@/api/tasks/get-tasks";
import { forgetSession } from "@/lib/api/session-expiry";
import { change, healthFails, healthPasses, memoryStorage, task } from "@/test/offline-edits";
import { createQueryClient } from "@/lib/query-client";
import { cacheKeeper, cacheKeyFor } from "./cache-keeper";
import { pendingEdits, sendTaskEdit, type TaskEdit } from "./edits";
import { type OfflineEditsOptions, startOfflineEdits } from "./offline-edits";
import { withPendingTaskEdits } from "./pending-overlay";

/** A server that can be down: answers task writes like the API, and records what reached it. */
function fakeServer() {
  const state = { up: true, nextId: 100, received: [] as Array<{ method: string; url: string; body: unknown; key: string | null }> };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!state.up) throw new TypeError("Failed to fetch");
    const url = String(input);
    if (url === "/api/csrf-token") return Response.json({ csrfToken: "token" });
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    state.received.push({ method: init.method ?? "GET", url, body, key: headers["Idempotency-Key"] ?? null });
    if (init.method === "POST") return Response.json({ ...task(state.nextId++), ...body }, { status: 201 });
    if (init.method === "PUT") return Response.json({ ...task(Number(url.split("/").pop())), ...body });
    if (init.method === "DELETE") return new Response(null, { status: 204 });
    return Response.json([]);
  });
  vi.stubGlobal("fetch", fetchMock);
  return state;
}

const stops: Array<() => void> = [];
beforeEach(() => {
  forgetSession();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function start(client: QueryClient, storage: OfflineEditsOptions["storage"], userId = 1, onRefused?: (error: Error) => void) {
  client.mount();
  stops.push(await startOfflineEdits(client, { userId, storage, onRefused }), () => client.unmount());
}

describe("changes made offline", () => {
  it("made in the moment before this module has loaded: they keep trying, then wait, kept, and are sent once each when the server answers", async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    // The app's client, as the first screen has it: the module has not loaded, no queue yet.
    const client = createQueryClient();
    client.mount();
    client.setQueryData(getTasksQueryOptions().queryKey, [task(1, { etag: '"t1"' } as Partial<Task>)]);
    server.up = false;
    // A screen's own change (its hook brings the function), made at once after the launch.
    const tick = new MutationObserver<unknown, Error, TaskEdit>(client, { mutationKey: TASK_MUTATION_KEY, mutationFn: sendTaskEdit })
      .mutate({ id: 1, changes: { completed: true } })
      .then(
        () => "saved",
        () => "failed",
      );
    await vi.waitFor(() => expect(pendingEdits(client)[0]?.state.failureCount).toBeGreaterThanOrEqual(1), { timeout: 3000 });
    expect(pendingEdits(client)).toHaveLength(1);

    // The module loads (the browser is idle) and the health check (every 5 s) fails: the change
    // waits, taken over and kept.
    stops.push(await startOfflineEdits(client, { userId: 1, storage }), () => client.unmount());
    await healthFails(client);
    await vi.waitFor(() => expect(pendingEdits(client)[0]?.state.isPaused).toBe(true), { timeout: 5000 });
    await cacheKeeper(client, storage, 1).flush();
    expect(JSON.parse(storage.map.get(cacheKeyFor(1))!).clientState.mutations).toHaveLength(1);

    server.up = true;
    await healthPasses(client);
    expect(await tick).toBe("saved");
    expect(server.received.map(({ method, url }) => `${method} ${url}`)).toEqual(["PUT /api/tasks/1"]);
  });

  it("wait while the server is down, are kept across a reload, and are sent once each, in order, with the create's own Idempotency-Key, when it answers again", async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const before = new QueryClient();
    await start(before, storage);
    before.setQueryData(getTasksQueryOptions().queryKey, [task(1)]);

    server.up = false;
    void change(before, { input: { title: "Essay" }, idempotencyKey: "key-essay", temporaryId: -5 });
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(false));
    void change(before, { id: -5, changes: { completed: true } });
    void change(before, { id: 1, changes: { completed: true } });
    await vi.waitFor(() => expect(pendingEdits(before).every((m) => m.state.isPaused)).toBe(true), { timeout: 3000 });
    expect(pendingEdits(before)).toHaveLength(3);
    await cacheKeeper(before, storage, 1).flush();

    // The page reloads: the old page and its memory are gone (its paused changes are never
    // continued), a new client starts.
    stops.splice(0).forEach((stop) => stop());
    before.clear();
    const after = new QueryClient();
    after.setQueryData(getTasksQueryOptions().queryKey, [task(1)]);
    await start(after, storage);
    expect(pendingEdits(after)).toHaveLength(3);
    // The waiting changes show on the list the page has.
    expect(after.getQueryData(getTasksQueryOptions().queryKey)).toEqual([
      expect.objectContaining({ id: -5, title: "Essay", completed: true }),
      expect.objectContaining({ id: 1, completed: true }),
    ]);
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(false));

    server.up = true;
    await healthPasses(after);
    await vi.waitFor(() => expect(pendingEdits(after)).toHaveLength(0), { timeout: 5000 });
    expect(server.received.map(({ method, url, key }) => `${method} ${url} ${key ?? ""}`.trim())).toEqual([
      "POST /api/tasks key-essay",
      "PUT /api/tasks/100",
      "PUT /api/tasks/1",
    ]);
    expect(server.received[1]!.body).toEqual({ completed: true });
    // Once sent, nothing is kept waiting.
    await cacheKeeper(after, storage, 1).flush();
    expect(JSON.parse(storage.map.get(cacheKeyFor(1))!).clientState.mutations).toEqual([]);
  });

  it("a focus session ended offline waits with the task changes, is kept across a reload, and is sent once, after the task change made before it", async () => {
    const server = fakeServer();
    const storage = memoryStorage();
    const before = new QueryClient();
    await start(before, storage);
    before.setQueryData(getTasksQueryOptions().queryKey, [task(1)]);
    server.up = false;
    void change(before, { id: 1, changes: { estimateMinutes: 60 } });
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(false));
    const session = focusSessionVariables({ taskId: 1, startedAt: Date.UTC(2026, 10, 30, 21), endedAt: Date.UTC(2026, 10, 30, 21, 25) });
    void change(before, session, FOCUS_SESSION_MUTATION_KEY);
    await vi.waitFor(() => expect(pendingEdits(before).every((m) => m.state.isPaused)).toBe(true), { timeout: 3000 });
    expect(pendingEdits(before)).toHaveLength(2);
    await cacheKeeper(before, storage, 1).flush();

    stops.splice(0).forEach((stop) => stop());
    before.clear();
    const after = new QueryClient();
    after.setQueryData(getTasksQueryOptions().queryKey, [task(1)]);
    await start(after, storage);
    // Restored without the hook that sent it: the queue knows how to send a focus session.
    expect(pendingEdits(after)).toHaveLength(2);
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(false));
    server.up = true;
    await healthPasses(after);
    await vi.waitFor(() => expect(pendingEdits(after)).toHaveLength(0), { timeout: 5000 });
    expect(server.received.map(({ method, url, key }) => `${method} ${url} ${key ?? ""}`.trim())).toEqual([
      "PUT /api/tasks/1",
      "POST /api/focus-sessions focus-2026-11-30T21:00:00.000Z",
    ]);
    expect(server.received[1]!.body).toEqual({ taskId: 1, startedAt: "2026-11-30T21:00:00.000Z", endedAt: "2026-11-30T21:25:00.000Z" });
    // Its minutes are on the task now: the list is read again.
    expect(after.getQueryState(getTasksQueryOptions().queryKey)?.isInvalidated).toBe(true);
  });

  it("a change the server refuses after waiting is said, not dropped silently; a reachable server refusing is not waited on", async () => {
    const server = fakeServer();
    const refused: Error[] = [];
    const client = new QueryClient();
    await start(client, memoryStorage(), 1, (error) => refused.push(error));
    server.up = false;
    void change(client, { id: 7, changes: { title: "" } });
    await vi.waitFor(() => expect(pendingEdits(client)[0]?.state.isPaused).toBe(true), { timeout: 3000 });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) =>
        String(input) === "/api/csrf-token"
          ? Response.json({ csrfToken: "t" })
          : Response.json({ message: "Title is required" }, { status: 400 }),
      ),
    );
    await healthPasses(client);
    await vi.waitFor(() => expect(refused).toHaveLength(1));
    expect(refused[0]!.message).toContain("400");
    expect(pendingEdits(client)).toHaveLength(0);
  });

  it("another student's kept cache is deleted, never restored", async () => {
    fakeServer();
    const storage = memoryStorage();
    await storage.setItem(cacheKeyFor(2), JSON.stringify({ userId: 2, savedAt: 0, clientState: { mutations: [], queries: [] } }));
    const client = new QueryClient();
    await start(client, storage, 1);
    expect(storage.map.has(cacheKeyFor(2))).toBe(false);
  });
});

describe("withPendingTaskEdits", () => {
  it("applies creates, updates and deletes in the order made, a create only once", () => {
    const create = { input: { title: "New" }, idempotencyKey: "k", temporaryId: -1 };
    const list = withPendingTaskEdits([task(1), task(2)], [create, { id: -1, changes: { completed: true } }, { id: 2 }, create]);
    expect(list.map((t) => [t.id, t.title, t.completed])).toEqual([
      [-1, "New", true],
      [1, "Task 1", false],
    ]);
  });
});
