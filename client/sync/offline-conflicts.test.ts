import { event as buildEvent } from "@core/test/builders";
import { onlineManager, QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { CalendarEvent } from "@core/schemas/event";
import type { Task } from "@core/schemas/task";
import { EVENT_MUTATION_KEY, getEventsQueryOptions } from "@/api/events/get-events";
import { getTasksQueryOptions } from "@/api/tasks/get-tasks";
import { forgetSession } from "@/lib/api/session-expiry";
import { change, healthPasses, memoryStorage, task } from "@/test/offline-edits";
import type { Conflict, ConflictChoice } from "./conflicts";
import { editedRow, pendingEdits } from "./edits";
import { startOfflineEdits } from "./offline-edits";
import { withPendingEventEdits } from "./pending-overlay";

/**
 * A server with ETags (decision 114): each task has a version; a write whose If-Match names
 * another answers 412 "Changed on another device" with the current row. Records what reached it.
 */
function serverWithEtags(rows: Task[]) {
  const state = {
    up: true,
    rows: new Map(rows.map((row) => [row.id, { row, version: 1 }])),
    received: [] as Array<{ method: string; url: string; body: unknown; ifMatch: string | undefined; status: number }>,
  };
  const answered = (id: number) => {
    const { row, version } = state.rows.get(id)!;
    return { ...row, etag: `"v${id}-${version}"` };
  };
  /** Another device's change: the row moves to a new version. */
  const changeElsewhere = (id: number, changes: Partial<Task>) => {
    const kept = state.rows.get(id)!;
    state.rows.set(id, { row: { ...kept.row, ...changes }, version: kept.version + 1 });
  };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (!state.up) throw new TypeError("Failed to fetch");
      const url = String(input);
      if (url === "/api/csrf-token") return Response.json({ csrfToken: "token" });
      const headers = (init.headers ?? {}) as Record<string, string>;
      const body = init.body ? (JSON.parse(String(init.body)) as Partial<Task>) : undefined;
      const id = Number(url.split("/").pop());
      const record = (status: number) =>
        state.received.push({ method: init.method ?? "GET", url, body, ifMatch: headers["If-Match"], status });
      if (!state.rows.has(id)) {
        record(404);
        return Response.json({ message: "Task not found" }, { status: 404 });
      }
      const ifMatch = headers["If-Match"];
      if (ifMatch !== undefined && ifMatch !== answered(id).etag) {
        record(412);
        return Response.json(
          { message: "Changed on another device", code: "server.changed_elsewhere", current: answered(id) },
          { status: 412 },
        );
      }
      record(init.method === "DELETE" ? 204 : 200);
      if (init.method === "DELETE") {
        state.rows.delete(id);
        return new Response(null, { status: 204 });
      }
      changeElsewhere(id, body ?? {});
      return Response.json(answered(id));
    }),
  );
  return { state, answered, changeElsewhere };
}

const tasksKey = getTasksQueryOptions().queryKey;
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

/** Starts the offline edits with a conflict question answered by `choose`; records what was asked and refused. */
async function start(client: QueryClient, choose: (conflict: Conflict) => ConflictChoice) {
  const asked: Conflict[] = [];
  const refused: Error[] = [];
  client.mount();
  const stop = await startOfflineEdits(client, {
    userId: 1,
    storage: memoryStorage(),
    onRefused: (error) => refused.push(error),
    resolveConflict: async (conflict) => {
      asked.push(conflict);
      return choose(conflict);
    },
  });
  stops.push(stop, () => client.unmount());
  return { asked, refused };
}

/** A title edit made while the server is down, on the task as the page last read it. */
async function editOffline(client: QueryClient, server: ReturnType<typeof serverWithEtags>, id: number, changes: Partial<Task>) {
  server.state.up = false;
  void change(client, { id, changes });
  await vi.waitFor(() => expect(pendingEdits(client)[0]?.state.isPaused).toBe(true), { timeout: 3000 });
}

describe("a change made on a version changed elsewhere meanwhile", () => {
  it("goes with If-Match of the task as read; on a 412 the student is asked, and 'use theirs' shows the server's task and sends nothing more", async () => {
    const server = serverWithEtags([task(1)]);
    const client = new QueryClient();
    const { asked, refused } = await start(client, () => "theirs");
    client.setQueryData(tasksKey, [server.answered(1)]);
    await editOffline(client, server, 1, { title: "Mine" });
    server.changeElsewhere(1, { title: "Theirs" });

    server.state.up = true;
    await healthPasses(client);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]).toMatchObject({
      kind: "tasks",
      variables: { id: 1, changes: { title: "Mine" } },
      current: { id: 1, title: "Theirs" },
    });
    await vi.waitFor(() => expect(client.getQueryData<Task[]>(tasksKey)?.[0]?.title).toBe("Theirs"));
    expect(server.state.received.map((r) => [r.method, r.ifMatch, r.status])).toEqual([["PUT", '"v1-1"', 412]]);
    expect(server.state.rows.get(1)!.row.title).toBe("Theirs");
    expect(refused).toEqual([]);
    expect(pendingEdits(client)).toHaveLength(0);
  });

  it("'keep mine' sends it again with the current task's ETag, and the server ends with mine", async () => {
    const server = serverWithEtags([task(1)]);
    const client = new QueryClient();
    const { asked } = await start(client, () => "mine");
    client.setQueryData(tasksKey, [server.answered(1)]);
    await editOffline(client, server, 1, { title: "Mine" });
    server.changeElsewhere(1, { title: "Theirs" });

    server.state.up = true;
    await healthPasses(client);
    await vi.waitFor(() => expect(server.state.received.map((r) => r.status)).toEqual([412, 200]));
    expect(asked).toHaveLength(1);
    expect(server.state.received[1]).toMatchObject({ method: "PUT", ifMatch: '"v1-2"', body: { title: "Mine" } });
    expect(server.state.rows.get(1)!.row.title).toBe("Mine");
    await vi.waitFor(() => expect(pendingEdits(client)).toHaveLength(0));
  });

  it("a delete made here on a task changed there is asked about too; 'use theirs' puts the task back", async () => {
    const server = serverWithEtags([task(1), task(2)]);
    const client = new QueryClient();
    const { asked } = await start(client, () => "theirs");
    client.setQueryData(tasksKey, [server.answered(1), server.answered(2)]);
    server.state.up = false;
    void change(client, { id: 2 });
    await vi.waitFor(() => expect(pendingEdits(client)[0]?.state.isPaused).toBe(true), { timeout: 3000 });
    client.setQueryData(tasksKey, [server.answered(1)]);
    server.changeElsewhere(2, { completed: true });

    server.state.up = true;
    await healthPasses(client);
    await vi.waitFor(() => expect(asked).toHaveLength(1));
    expect(asked[0]!.variables).toEqual({ id: 2, etag: '"v2-1"' });
    await vi.waitFor(() =>
      expect(client.getQueryData<Task[]>(tasksKey)?.map((t) => [t.id, t.completed])).toEqual([
        [1, false],
        [2, true],
      ]),
    );
    expect(server.state.rows.has(2)).toBe(true);
  });
});

describe("the student's own changes to one task", () => {
  it("queued one after the other: each goes with the ETag the one before was answered with, nothing asked", async () => {
    const server = serverWithEtags([task(1)]);
    const client = new QueryClient();
    const { asked } = await start(client, () => "theirs");
    client.setQueryData(tasksKey, [server.answered(1)]);
    server.state.up = false;
    void change(client, { id: 1, changes: { completed: true } });
    void change(client, { id: 1, changes: { title: "Renamed" } });
    await vi.waitFor(() => expect(pendingEdits(client).every((m) => m.state.isPaused)).toBe(true), { timeout: 3000 });

    server.state.up = true;
    await healthPasses(client);
    await vi.waitFor(() => expect(pendingEdits(client)).toHaveLength(0), { timeout: 5000 });
    expect(server.state.received.map((r) => [r.ifMatch, r.status])).toEqual([
      ['"v1-1"', 200],
      ['"v1-2"', 200],
    ]);
    expect(asked).toEqual([]);
    expect(server.state.rows.get(1)!.row).toMatchObject({ completed: true, title: "Renamed" });
  });

  it("sent together online (two quick ticks): the second's 412 names the first's answer, so it goes again without asking", async () => {
    const server = serverWithEtags([task(1)]);
    const client = new QueryClient();
    const { asked } = await start(client, () => "theirs");
    client.setQueryData(tasksKey, [server.answered(1)]);
    void change(client, { id: 1, changes: { completed: true } });
    void change(client, { id: 1, changes: { completed: false } });

    await vi.waitFor(() => expect(server.state.received.map((r) => r.status)).toEqual([200, 412, 200]));
    expect(asked).toEqual([]);
    expect(server.state.rows.get(1)!.row.completed).toBe(false);
  });
});

describe("the row an event change is made on", () => {
  it("is the event's for an edit or a delete of the whole event, the series' for one date of it, none for a create", () => {
    const input = { title: "Swim", date: "2026-11-30" };
    expect(editedRow("events", { target: { eventId: 4 }, input })?.id).toBe(4);
    expect(editedRow("events", { eventId: 4, etag: '"e"' })).toEqual({ id: 4, holder: { eventId: 4, etag: '"e"' } });
    const oneDate = { eventId: 4, scope: { kind: "SINGLE_INSTANCE", date: "2026-11-30" } };
    expect(editedRow("events", oneDate)).toEqual({ id: 4, holder: oneDate });
    expect(editedRow("events", { target: oneDate, input })).toEqual({ id: 4, holder: oneDate });
    expect(editedRow("events", { input, idempotencyKey: "k", temporaryId: -3 })).toBeUndefined();
  });

  it("keeps its ETag on the list while an edit of it waits, so a second edit is made on the version read", () => {
    const event = { ...buildEvent({ id: 4, title: "Swim", date: "2026-11-30", createdAt: "2026-11-26T12:00:00.000Z" }), etag: '"v4-1"' };
    const [edited] = withPendingEventEdits([event], [{ target: { eventId: 4 }, input: { title: "Swim meet", date: "2026-11-30" } }]);
    expect(edited).toMatchObject({ title: "Swim meet", etag: '"v4-1"' });
  });
});

/**
 * A weekly series on a server with ETags: a change to one date (a scope-encoded id) is checked
 * against the series' ETag and answers the series' ETag after it as Series-ETag (decision 114).
 * "This event only" leaves the series row as it was; "this and future" ends it (a new version).
 */
function seriesServer() {
  const state = {
    up: true,
    version: 1,
    title: "Swim",
    received: [] as Array<{ method: string; url: string; ifMatch: string | undefined; status: number }>,
  };
  const series = (): CalendarEvent & { etag: string } => ({
    ...buildEvent({
      id: 4,
      title: state.title,
      date: "2026-11-02",
      time: "15:30",
      eventType: "practice",
      recurring: "weekly",
      customDays: ["monday"],
      customEndDate: state.version > 1 ? "2026-12-06" : null,
    }),
    etag: `"s4-${state.version}"`,
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (!state.up) throw new TypeError("Failed to fetch");
      const url = String(input);
      if (url === "/api/csrf-token") return Response.json({ csrfToken: "token" });
      const ifMatch = ((init.headers ?? {}) as Record<string, string>)["If-Match"];
      const record = (status: number) => state.received.push({ method: init.method ?? "GET", url, ifMatch, status });
      if (ifMatch !== undefined && ifMatch !== series().etag) {
        record(412);
        return Response.json(
          { message: "Changed on another device", code: "server.changed_elsewhere", current: series() },
          { status: 412 },
        );
      }
      record(init.method === "DELETE" ? 204 : 200);
      if (url.includes("FUTURE_SERIES_")) state.version += 1;
      const headers = { "Series-ETag": series().etag };
      if (init.method === "DELETE") return new Response(null, { status: 204, headers });
      return Response.json({ ...series(), id: 90 + state.received.length, recurring: "none", etag: '"occurrence"' }, { headers });
    }),
  );
  return { state, series };
}

describe("changes to one date of a repeating event", () => {
  const eventsKey = getEventsQueryOptions().queryKey;
  const moved = { title: "Swim", date: "2026-12-07", time: "16:00", eventType: "practice", recurring: "weekly", customDays: ["monday"] };

  it("go with the series' ETag as If-Match; the next one queued sends the Series-ETag the one before was answered with, nothing asked", async () => {
    const server = seriesServer();
    const client = new QueryClient();
    const { asked } = await start(client, () => "theirs");
    client.setQueryData(eventsKey, [server.series()]);
    server.state.up = false;
    void change(client, { target: { eventId: 4, scope: { kind: "FUTURE_SERIES", date: "2026-12-07" } }, input: moved }, EVENT_MUTATION_KEY);
    void change(client, { eventId: 4, scope: { kind: "SINGLE_INSTANCE", date: "2026-11-16" } }, EVENT_MUTATION_KEY);
    await vi.waitFor(() => expect(pendingEdits(client).every((m) => m.state.isPaused)).toBe(true), { timeout: 3000 });

    server.state.up = true;
    await healthPasses(client);
    await vi.waitFor(() => expect(pendingEdits(client)).toHaveLength(0), { timeout: 5000 });
    expect(server.state.received.map((r) => [r.method, r.url, r.ifMatch, r.status])).toEqual([
      ["PUT", "/api/events/FUTURE_SERIES_4_2026-12-07", '"s4-1"', 200],
      ["DELETE", "/api/events/SINGLE_INSTANCE_4_2026-11-16", '"s4-2"', 204],
    ]);
    expect(asked).toEqual([]);
  });

  it("made on a series changed on another device meanwhile: asked about, and 'keep mine' sends it again on the series' current ETag", async () => {
    const server = seriesServer();
    const client = new QueryClient();
    const { asked } = await start(client, () => "mine");
    client.setQueryData(eventsKey, [server.series()]);
    server.state.up = false;
    void change(client, { eventId: 4, scope: { kind: "SINGLE_INSTANCE", date: "2026-11-16" } }, EVENT_MUTATION_KEY);
    await vi.waitFor(() => expect(pendingEdits(client)[0]?.state.isPaused).toBe(true), { timeout: 3000 });
    server.state.version = 3;
    server.state.title = "Swim team";

    server.state.up = true;
    await healthPasses(client);
    await vi.waitFor(() => expect(server.state.received.map((r) => r.status)).toEqual([412, 204]), { timeout: 5000 });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ kind: "events", current: { id: 4, title: "Swim team" } });
    expect(server.state.received.map((r) => r.ifMatch)).toEqual(['"s4-1"', '"s4-3"']);
  });
});
