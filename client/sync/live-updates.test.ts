import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { invalidateLists, listsOfEvent, type LiveUpdatesEnvironment, startLiveUpdates, STREAM_PATH } from "./live-updates";

/** An EventSource the test drives: it records whether it is open and lets the test send events. */
class FakeStream extends EventTarget {
  closed = false;
  /** EventSource's: 1 open, 2 closed for good (it gave up). */
  readyState = 1;
  constructor(readonly url: string) {
    super();
  }
  close() {
    this.closed = true;
  }
  send(type: string, data = "") {
    this.dispatchEvent(new MessageEvent(type, { data }));
  }
}

type Waiter = { callback: (lock: Lock | null) => unknown; signal?: AbortSignal; release: () => void };

/** The Web Locks API for one lock name, as one browser's tabs share it: exclusive, granted in order. */
class FakeLocks {
  private holder: Waiter | undefined;
  private queue: Waiter[] = [];

  request(name: string, ...args: unknown[]): Promise<unknown> {
    const [options, callback] = (args.length === 1 ? [{}, args[0]] : args) as [
      { ifAvailable?: boolean; signal?: AbortSignal },
      (lock: Lock | null) => unknown,
    ];
    return new Promise((resolve, reject) => {
      const waiter: Waiter = { callback, signal: options.signal, release: () => {} };
      const grant = (w: Waiter) => {
        this.holder = w;
        Promise.resolve(w.callback({ name, mode: "exclusive" } as Lock)).then((value) => {
          this.holder = undefined;
          resolve(value);
          const next = this.queue.shift();
          if (next) next.release();
        });
      };
      if (!this.holder) return grant(waiter);
      if (options.ifAvailable) return Promise.resolve(callback(null)).then(resolve);
      waiter.release = () => grant(waiter);
      options.signal?.addEventListener("abort", () => {
        this.queue = this.queue.filter((w) => w !== waiter);
        reject(new DOMException("Aborted", "AbortError"));
      });
      this.queue.push(waiter);
    });
  }
}

/** One tab: its page visibility, its streams, its own query cache, on a shared lock manager and channel name. */
class FakeTab {
  private readonly page = { hidden: false };
  readonly streams: FakeStream[] = [];
  readonly queryClient = new QueryClient();
  readonly document = new EventTarget();
  readonly env: LiveUpdatesEnvironment;

  constructor(locks: FakeLocks | undefined, channelName: string) {
    const page = this.page;
    this.env = {
      document: {
        get hidden() {
          return page.hidden;
        },
        addEventListener: this.document.addEventListener.bind(this.document),
        removeEventListener: this.document.removeEventListener.bind(this.document),
      },
      locks: locks as unknown as LockManager | undefined,
      openStream: (url) => {
        const stream = new FakeStream(url);
        this.streams.push(stream);
        return stream as unknown as EventSource;
      },
      openChannel: () => new BroadcastChannel(channelName),
    };
    for (const key of [["/api/tasks"], ["/api/events"], ["/api/user/agenda", "2026-11-01", "2026-12-12"], ["/api/user"]])
      this.queryClient.setQueryData(key, []);
  }
  get openStreams() {
    return this.streams.filter((stream) => !stream.closed);
  }
  stale(key: string) {
    return this.queryClient.getQueryCache().findAll({ predicate: (q) => q.queryKey[0] === key })[0]?.state.isInvalidated ?? false;
  }
  set hidden(hidden: boolean) {
    this.page.hidden = hidden;
  }
  setHidden(hidden: boolean) {
    this.page.hidden = hidden;
    this.document.dispatchEvent(new Event("visibilitychange"));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
let channelCount = 0;
const stops: Array<() => void> = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function start(tab: FakeTab) {
  const stop = startLiveUpdates(tab.queryClient, tab.env);
  stops.push(stop);
  return stop;
}

describe("listsOfEvent", () => {
  it("reads the lists an event names and leaves out the rest", () => {
    expect(listsOfEvent('{"lists":["tasks","school"]}')).toEqual(["tasks", "school"]);
    expect(listsOfEvent('{"lists":["tasks","homework"]}')).toEqual(["tasks"]);
    expect(listsOfEvent("not json")).toEqual([]);
    expect(listsOfEvent('{"lists":"tasks"}')).toEqual([]);
  });
});

describe("invalidateLists", () => {
  it("marks stale the reads of the lists named, and only those", async () => {
    const tab = new FakeTab(undefined, "unused");
    await invalidateLists(tab.queryClient, ["tasks"]);
    expect(tab.stale("/api/tasks")).toBe(true);
    expect(tab.stale("/api/events")).toBe(false);
    expect(tab.stale("/api/user/agenda")).toBe(false);
    await invalidateLists(tab.queryClient, ["school"]);
    expect(tab.stale("/api/user/agenda")).toBe(true);
    expect(tab.stale("/api/user")).toBe(false);
  });
});

describe("invalidateLists while changes are on their way", () => {
  it("leaves a list with a change in flight to that change's own refetch, and marks the others stale", async () => {
    const tab = new FakeTab(undefined, "unused");
    let finish!: () => void;
    const inFlight = tab.queryClient
      .getMutationCache()
      .build(tab.queryClient, { mutationKey: ["tasks"], mutationFn: () => new Promise<void>((resolve) => (finish = resolve)) })
      .execute(undefined);
    await invalidateLists(tab.queryClient, ["tasks", "events"]);
    expect(tab.stale("/api/tasks")).toBe(false);
    expect(tab.stale("/api/events")).toBe(true);
    finish();
    await inFlight;
    await invalidateLists(tab.queryClient, ["tasks"]);
    expect(tab.stale("/api/tasks")).toBe(true);
  });
});

describe("startLiveUpdates", () => {
  it("holds one stream for all tabs and tells the others what changed", async () => {
    const locks = new FakeLocks();
    const name = `live-${channelCount++}`;
    const leader = new FakeTab(locks, name);
    const follower = new FakeTab(locks, name);
    start(leader);
    await settle();
    start(follower);
    await settle();
    expect(leader.openStreams).toHaveLength(1);
    expect(leader.openStreams[0]?.url).toBe(STREAM_PATH);
    expect(follower.streams).toHaveLength(0);

    leader.openStreams[0]?.send("changed", '{"lists":["tasks"]}');
    await settle();
    expect(leader.stale("/api/tasks")).toBe(true);
    expect(follower.stale("/api/tasks")).toBe(true);
    expect(follower.stale("/api/events")).toBe(false);
  });

  it("closes the stream while the page is hidden, hands it to a visible tab, and refetches on return", async () => {
    const locks = new FakeLocks();
    const name = `live-${channelCount++}`;
    const first = new FakeTab(locks, name);
    const second = new FakeTab(locks, name);
    start(first);
    await settle();
    start(second);
    await settle();

    first.setHidden(true);
    await settle();
    expect(first.openStreams).toHaveLength(0);
    expect(second.openStreams).toHaveLength(1);
    expect(second.stale("/api/tasks")).toBe(false);
    // Taking over: once its stream is open, what changed between the two streams is refetched.
    second.openStreams[0]?.send("open");
    await settle();
    expect(second.stale("/api/tasks")).toBe(true);

    first.setHidden(false);
    await settle();
    expect(first.stale("/api/events")).toBe(true);
    expect(first.openStreams).toHaveLength(0);

    second.openStreams[0]?.send("changed", '{"lists":["events"]}');
    await settle();
    expect(second.stale("/api/events")).toBe(true);
  });

  it("back on screen, refetches at once and again once its new stream is open: a change made in between is not missed", async () => {
    const tab = new FakeTab(new FakeLocks(), `live-${channelCount++}`);
    start(tab);
    await settle();
    tab.openStreams[0]?.send("open");
    tab.setHidden(true);
    await settle();
    tab.setHidden(false);
    await settle();
    expect(tab.stale("/api/tasks")).toBe(true);
    // The refetch done (the lists fresh again), a task is added elsewhere before the stream opens.
    await tab.queryClient.refetchQueries({ queryKey: ["/api/tasks"] }).catch(() => {});
    tab.queryClient.setQueryData(["/api/tasks"], []);
    expect(tab.stale("/api/tasks")).toBe(false);
    tab.openStreams[0]?.send("open");
    await settle();
    expect(tab.stale("/api/tasks")).toBe(true);
  });

  it("refetches every list after the stream was lost and came back", async () => {
    const tab = new FakeTab(new FakeLocks(), `live-${channelCount++}`);
    start(tab);
    await settle();
    const stream = tab.openStreams[0];
    stream?.send("open");
    await settle();
    expect(tab.stale("/api/tasks")).toBe(false);
    stream?.send("error");
    stream?.send("open");
    await settle();
    expect(tab.stale("/api/tasks")).toBe(true);
    expect(tab.stale("/api/user")).toBe(true);
  });

  it("without Web Locks, each tab holds its own stream; stopping closes it and frees the lock", async () => {
    const alone = new FakeTab(undefined, `live-${channelCount++}`);
    const stop = start(alone);
    expect(alone.openStreams).toHaveLength(1);
    stop();
    expect(alone.openStreams).toHaveLength(0);

    const locks = new FakeLocks();
    const name = `live-${channelCount++}`;
    const a = new FakeTab(locks, name);
    const b = new FakeTab(locks, name);
    const stopA = start(a);
    await settle();
    start(b);
    await settle();
    stopA();
    await settle();
    expect(a.openStreams).toHaveLength(0);
    expect(b.openStreams).toHaveLength(1);
  });

  it("opens no stream for a tab that starts hidden, until it shows", async () => {
    const tab = new FakeTab(new FakeLocks(), `live-${channelCount++}`);
    tab.hidden = true;
    start(tab);
    await settle();
    expect(tab.streams).toHaveLength(0);
    tab.setHidden(false);
    await settle();
    expect(tab.openStreams).toHaveLength(1);
  });

  it("reopens a stream the server refused (a 401, a 503) after a while, and asks again who is signed in", async () => {
    const tab = new FakeTab(new FakeLocks(), `live-${channelCount++}`);
    start(tab);
    await settle();
    vi.useFakeTimers();
    try {
      const refused = tab.openStreams[0];
      if (!refused) throw new Error("no stream");
      refused.readyState = 2;
      refused.send("error");
      expect(refused.closed).toBe(true);
      expect(tab.stale("/api/user")).toBe(true);
      expect(tab.openStreams).toHaveLength(0);
      vi.advanceTimersByTime(15_000);
      expect(tab.openStreams).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
