import { randomUUID } from "node:crypto";
import { messageRef } from "../../core/i18n/translate";
import { MAX_LMS_FEEDS_PER_USER } from "../../core/schemas/lms-feeds";
import { type CalendarEvent, type CreateEventData, MAX_EVENTS_PER_USER, type UpdateEventData } from "../../core/schemas/event";
import { MAX_TASKS_PER_USER } from "../../core/schemas/task";
import type { AppConfig } from "../config";
import type { LmsFeedRow } from "../db/schema";
import { badRequest, conflict, HttpError, notFound, tooManyRequests } from "../errors";
import type { LmsFeedsRepository } from "../repositories/lms-feeds";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";
import { FeedFetchError, type FeedFetchOptions, fetchFeed } from "./feed-fetcher";
import { FeedParseError, type FeedItem, parseFeed, taskFieldsOf } from "./lms-feed";
import type { EventSeriesService } from "./event-series";
import type { TaskWrites } from "./task-writes";
import { createWorker, type JobMetrics } from "../jobs/worker";

export const LMS_FEED_NOT_FOUND = messageRef("server.lms_feed_not_found");
/** How often the server refreshes each feed. */
export const REFRESH_INTERVAL_MS = 30 * 60_000;
/** "Refresh now" at most once per this, per feed. */
export const MANUAL_REFRESH_MS = 10_000;
/** Failed refreshes in a row that pause a feed until the student fixes its address. */
export const FAILURES_TO_PAUSE = 5;
/** A refresh's claim outlives its fetch (10 s) and its write by far; then another instance may take it. */
const LEASE_MS = 2 * 60_000;
const FEEDS_PER_SCAN = 20;

type Logger = { info: (details: object, message: string) => void; warn: (details: object, message: string) => void };

/** Why a fetch or parse failed, as the message a student reads (stored as reason and status). */
export function failureMessage(reason: string, status: number | null): string {
  switch (reason) {
    case "http_status":
      return messageRef("server.lms_feed_status", { status: status ?? 0 });
    case "not_calendar":
      return messageRef("server.lms_feed_not_calendar");
    case "too_large":
    case "too_many_items":
      return messageRef("server.lms_feed_too_large");
    case "timeout":
      return messageRef("server.lms_feed_timeout");
    case "not_https":
      return messageRef("server.lms_feed_not_https");
    case "blocked_address":
      return messageRef("server.lms_feed_blocked");
    case "too_many_redirects":
      return messageRef("server.lms_feed_redirects");
    case "invalid_url":
      return messageRef("server.lms_feed_invalid_url");
    case "unreadable":
      return messageRef("server.lms_feed_unreadable");
    default:
      return messageRef("server.lms_feed_unreachable");
  }
}

/** The address as the API shows it: its origin only. */
export function urlHint(url: string): string {
  try {
    const parsed = new URL(url.replace(/^webcals?:\/\//i, "https://"));
    return `${parsed.origin}/…`;
  } catch {
    return "…";
  }
}

export interface LmsFeedServiceOptions {
  transaction: RunInTransaction;
  lmsFeeds: LmsFeedsRepository;
  taskWrites: TaskWrites;
  /** Events are written as any event is (reminders, series rules): the non-assignments of a "tasks-and-events" feed. */
  eventSeries: Pick<EventSeriesService, "create" | "updateIn" | "deleteIn">;
  config: Pick<AppConfig, "timeZone" | "importAllowedOrigins">;
  clock: () => Date;
  /** Test hooks for the fetcher (a host name resolving to loopback). */
  fetchOptions?: Partial<FeedFetchOptions>;
}

type Kind = "task" | "event";
type ItemRow = { uid: string; task_id: number | null; event_id: number | null; fingerprint: string };

/** What a feed's item becomes under the feed's mode: a task, an event, or nothing. */
export function kindOf(mode: string, assignment: boolean): Kind | null {
  if (assignment || mode === "everything") return "task";
  return mode === "tasks-and-events" ? "event" : null;
}

/** An event's own fields kept from the event (the student's type, completion, reminder), with the LMS's in place of its own. */
function eventUpdate(current: CalendarEvent, fields: ReturnType<typeof taskFieldsOf>): UpdateEventData {
  return {
    title: fields.title,
    description: fields.description,
    subject: fields.subject,
    date: fields.dueDate,
    time: fields.dueTime,
    eventType: current.eventType as UpdateEventData["eventType"],
    recurring: current.recurring,
    customWhenToRepeat: current.customWhenToRepeat,
    customDays: current.customDays,
    customEndDate: current.customEndDate,
    isCompleted: current.isCompleted,
    notificationEnabled: current.notificationEnabled,
    notificationTiming: current.notificationTiming as UpdateEventData["notificationTiming"],
  };
}

/** A new event from an item: a one-off "Custom Event" (the spec's type for what fits no other), all day when the item has no time. */
function newEvent(fields: ReturnType<typeof taskFieldsOf>): CreateEventData {
  return {
    title: fields.title,
    description: fields.description,
    subject: fields.subject,
    date: fields.dueDate,
    time: fields.dueTime,
    eventType: "custom",
    recurring: "none",
    customWhenToRepeat: null,
    customDays: [],
    customEndDate: null,
    isCompleted: false,
    notificationEnabled: false,
    notificationTiming: null,
    parentEventId: null,
  };
}

type Failure = { ok: false; reason: string; status: number | null };
/** A refresh the instance's stop cut short: nothing recorded on the feed. */
const STOPPED: Failure = { ok: false, reason: "stopped", status: null };
type Outcome = { ok: true; imported: number; skipped: number } | Failure;

/**
 * LMS feeds (decision 117): adding one imports it at once; every feed is refreshed every 30
 * minutes by whichever instance claims it (lms_feeds.claimed_at/claim_token, a lease, the
 * announcements' outbox pattern), and on "Refresh now". A refresh writes the student's tasks
 * through taskWrites, in one transaction, so reminders follow.
 */
export function createLmsFeedService(options: LmsFeedServiceOptions) {
  const { transaction, lmsFeeds, taskWrites, eventSeries, config, clock } = options;
  const fetchOptions: FeedFetchOptions = { allowedOrigins: config.importAllowedOrigins, ...options.fetchOptions };

  /**
   * Fetches and reads a feed; never throws: what a feed's content could still break in the parser
   * is "unreadable", a refusal the student reads, not a server error (decision 122).
   */
  async function load(url: string, signal?: AbortSignal): Promise<{ ok: true; items: FeedItem[]; skipped: number } | Failure> {
    try {
      const { body } = await fetchFeed(url, signal ? { ...fetchOptions, signal } : fetchOptions);
      const { items, skipped } = parseFeed(body, config.timeZone, clock());
      return { ok: true, items, skipped };
    } catch (error) {
      if (error instanceof FeedFetchError) return { ok: false, reason: error.reason, status: error.status ?? null };
      if (error instanceof FeedParseError) return { ok: false, reason: error.reason, status: null };
      return { ok: false, reason: "unreadable", status: null };
    }
  }

  /** A failed refresh, counted on the feed (the fifth in a row pauses it), in the claim's transaction or after it failed. */
  function failureOutcome(failures: number, failure: Failure) {
    return {
      failures,
      status: failures >= FAILURES_TO_PAUSE ? "paused" : "active",
      last_error: failure.reason,
      last_error_status: failure.status,
    };
  }

  /**
   * Takes away what an item became (gone from the feed, or now of the other kind): answers false
   * when the student has made it theirs and it stays (a completed task or event, an event they made
   * repeat).
   */
  async function retire(tx: TransactionScope, userId: number, row: ItemRow): Promise<boolean> {
    if (row.task_id !== null) {
      const task = await tx.tasks.findForUser(userId, row.task_id);
      if (task?.completed) return false;
      if (task) await taskWrites.deleteIn(tx, userId, task.id);
    } else if (row.event_id !== null) {
      const event = await tx.events.findForUser(userId, row.event_id);
      if (event && (event.isCompleted || event.recurring !== "none")) return false;
      if (event) await eventSeries.deleteIn(tx, userId, event.id);
    }
    return true;
  }

  /** Brings the feed's tasks and events in line with its items; answers how many items are tasks or events now. */
  async function apply(tx: TransactionScope, feed: LmsFeedRow, items: readonly FeedItem[]): Promise<number> {
    const userId = feed.user_id;
    const user = await tx.users.findById(userId);
    if (!user) return 0;
    const classes: string[] = JSON.parse(user.user_classes) as string[];
    const known = new Map<string, ItemRow>((await tx.lmsFeeds.items(feed.id)).map((row) => [row.uid, row]));
    const room = {
      task: MAX_TASKS_PER_USER - (await tx.tasks.countForUser(userId)),
      event: MAX_EVENTS_PER_USER - (await tx.events.countForUser(userId)),
    };
    let imported = 0;
    const seen = new Set<string>();
    for (const item of items) {
      const kind = kindOf(feed.mode, item.assignment);
      if (kind === null || seen.has(item.uid)) continue;
      seen.add(item.uid);
      const fields = taskFieldsOf(item, classes);
      const fingerprint = JSON.stringify(fields);
      const row = known.get(item.uid);
      // Deleted by the student: not brought back, whatever it would be now.
      if (row && row.task_id === null && row.event_id === null) continue;
      const current: Kind | null = !row ? null : row.task_id !== null ? "task" : "event";
      if (current === kind) {
        imported++;
        if (row!.fingerprint === fingerprint) continue;
        // Only what the LMS says changes; the student's completion, priority, type and reminder stay theirs.
        if (kind === "task") {
          if (await tx.tasks.findForUser(userId, row!.task_id!)) await taskWrites.updateIn(tx, userId, row!.task_id!, fields);
        } else {
          const event = await tx.events.findForUser(userId, row!.event_id!);
          // An event the student made repeat is theirs to keep as they made it.
          if (event && event.recurring === "none") await eventSeries.updateIn(tx, userId, event.id, eventUpdate(event, fields));
        }
        await tx.lmsFeeds.saveItem(
          feed.id,
          item.uid,
          kind === "task" ? { taskId: row!.task_id! } : { eventId: row!.event_id! },
          fingerprint,
        );
        continue;
      }
      // The student's caps stand: what does not fit waits for room (decision 052).
      if (room[kind] <= 0) continue;
      // The feed's mode changed what the item is: the old one goes (unless the student made it theirs).
      if (row && (await retire(tx, userId, row))) room[current!]++;
      if (kind === "task") {
        const task = await taskWrites.create(tx, userId, {
          ...fields,
          priority: "medium",
          estimateMinutes: null,
          recurring: null,
          completed: false,
          reminder: null,
        });
        await tx.lmsFeeds.saveItem(feed.id, item.uid, { taskId: task.id }, fingerprint);
      } else {
        const event = await eventSeries.create(tx, userId, newEvent(fields));
        await tx.lmsFeeds.saveItem(feed.id, item.uid, { eventId: event.id }, fingerprint);
      }
      room[kind]--;
      imported++;
    }
    for (const [uid, row] of known) {
      if (seen.has(uid)) continue;
      // Gone from the feed (or no longer wanted by its mode): removed, unless the student made it
      // theirs (then it stays, still matched by UID should it return).
      if (await retire(tx, userId, row)) await tx.lmsFeeds.deleteItem(feed.id, uid);
    }
    return imported;
  }

  /**
   * One refresh of a feed this instance has claimed under `token`. Whatever happens, the claim ends:
   * should the write itself fail (rolled back), the failure is recorded on the feed and the claim
   * released in a write of its own, and the error goes on to the caller (decision 122).
   */
  async function refreshClaimed(feed: LmsFeedRow, token: string, signal?: AbortSignal): Promise<Outcome> {
    const loaded = await load(feed.url, signal);
    // The instance is stopping (decision 125): the fetch was cut short, which is no failure of the
    // feed's. Its claim is given back as it was; the next scan, anywhere, refreshes it.
    if (signal?.aborted) {
      await lmsFeeds.release([feed.id], token);
      return STOPPED;
    }
    const now = clock();
    const next = new Date(now.getTime() + REFRESH_INTERVAL_MS);
    try {
      return await writeRefresh(feed, token, loaded, now, next);
    } catch (error) {
      await releaseAfterError(feed.id, token, now, next);
      throw error;
    }
  }

  async function releaseAfterError(id: number, token: string, now: Date, next: Date): Promise<void> {
    try {
      const current = await lmsFeeds.findById(id);
      if (current?.claim_token !== token) return;
      await lmsFeeds.finishClaim(
        id,
        token,
        failureOutcome(current.failures + 1, { ok: false, reason: "unreadable", status: null }),
        next,
        now,
      );
    } catch {
      // The database itself is failing: the lease (2 minutes) frees the claim.
    }
  }

  function writeRefresh(
    feed: LmsFeedRow,
    token: string,
    loaded: Awaited<ReturnType<typeof load>>,
    now: Date,
    next: Date,
  ): Promise<Outcome> {
    return transaction(async (tx) => {
      const current = await tx.lmsFeeds.lockClaimed(feed.id, token);
      // Deleted meanwhile, or the claim was taken over after its lease: the holder's to finish.
      if (!current) return loaded.ok ? { ok: true, imported: 0, skipped: loaded.skipped } : loaded;
      if (!loaded.ok) {
        await tx.lmsFeeds.finishClaim(feed.id, token, failureOutcome(current.failures + 1, loaded), next, now);
        return loaded;
      }
      const imported = await apply(tx, current, loaded.items);
      await tx.lmsFeeds.finishClaim(
        feed.id,
        token,
        {
          failures: 0,
          status: "active",
          last_error: null,
          last_error_status: null,
          last_success_at: now.toISOString(),
          item_count: imported,
        },
        next,
        now,
      );
      return { ok: true, imported, skipped: loaded.skipped };
    });
  }

  function leaseCutoff(now: Date): Date {
    return new Date(now.getTime() - LEASE_MS);
  }

  async function found(userId: number, id: number): Promise<LmsFeedRow> {
    const feed = await lmsFeeds.findForUser(userId, id);
    if (!feed) throw notFound(LMS_FEED_NOT_FOUND);
    return feed;
  }

  return {
    list: (userId: number) => lmsFeeds.listForUser(userId),

    /** Adds a feed and imports it at once: a feed that cannot be read is refused with what went wrong, and not kept. */
    async create(
      userId: number,
      input: { url: string; name: string; mode: string },
    ): Promise<{ feed: LmsFeedRow; imported: number; skipped: number }> {
      if ((await lmsFeeds.countForUser(userId)) >= MAX_LMS_FEEDS_PER_USER)
        throw conflict(messageRef("server.lms_too_many_feeds", { max: MAX_LMS_FEEDS_PER_USER }));
      const loaded = await load(input.url);
      if (!loaded.ok)
        throw badRequest(failureMessage(loaded.reason, loaded.status), { url: [failureMessage(loaded.reason, loaded.status)] });
      const now = clock();
      return transaction(async (tx) => {
        await tx.users.lockUser(userId);
        // Under the user's lock, so feeds added at once cannot all slip under the cap.
        if ((await tx.lmsFeeds.countForUser(userId)) >= MAX_LMS_FEEDS_PER_USER)
          throw conflict(messageRef("server.lms_too_many_feeds", { max: MAX_LMS_FEEDS_PER_USER }));
        const created = await tx.lmsFeeds.create({ userId, url: input.url, name: input.name, mode: input.mode }, now);
        const imported = await apply(tx, created, loaded.items);
        const token = randomUUID();
        // Claimed and finished at once: the next refresh is in 30 minutes.
        await tx.lmsFeeds.claim(token, now, leaseCutoff(now), 1, created.id);
        await tx.lmsFeeds.finishClaim(
          created.id,
          token,
          { last_success_at: now.toISOString(), item_count: imported },
          new Date(now.getTime() + REFRESH_INTERVAL_MS),
          now,
        );
        return { feed: (await tx.lmsFeeds.findById(created.id))!, imported, skipped: loaded.skipped };
      });
    },

    /** A new address starts the feed again (active, no failures, refreshed at the next scan). */
    async update(userId: number, id: number, changes: { url?: string; name?: string; mode?: string }): Promise<LmsFeedRow> {
      const feed = await found(userId, id);
      const now = clock();
      const newUrl = changes.url !== undefined && changes.url !== feed.url;
      const updated = await lmsFeeds.update(
        userId,
        id,
        {
          ...(changes.name !== undefined ? { name: changes.name } : {}),
          ...(changes.mode !== undefined ? { mode: changes.mode } : {}),
          ...(newUrl || (changes.mode !== undefined && changes.mode !== feed.mode) ? { next_refresh_at: now.toISOString() } : {}),
          ...(newUrl ? { url: changes.url!, status: "active", failures: 0, last_error: null, last_error_status: null } : {}),
        },
        now,
      );
      if (!updated) throw notFound(LMS_FEED_NOT_FOUND);
      return updated;
    },

    /** Removes the feed; the tasks and events it brought stay the student's. */
    async delete(userId: number, id: number): Promise<void> {
      if (!(await lmsFeeds.delete(userId, id))) throw notFound(LMS_FEED_NOT_FOUND);
    },

    /** "Refresh now": at most once per 10 s per feed, never while another refresh of it runs. */
    async refreshNow(userId: number, id: number): Promise<{ feed: LmsFeedRow; imported: number; skipped: number }> {
      const feed = await found(userId, id);
      const now = clock();
      if (feed.status === "paused") throw conflict(messageRef("server.lms_feed_paused"));
      const last = feed.manual_refresh_at ? Date.parse(feed.manual_refresh_at) : 0;
      if (now.getTime() - last < MANUAL_REFRESH_MS)
        throw tooManyRequests(messageRef("server.lms_refresh_too_soon"), (last + MANUAL_REFRESH_MS - now.getTime()) / 1000);
      const token = randomUUID();
      const [claimed] = await lmsFeeds.claim(token, now, leaseCutoff(now), 1, id);
      if (!claimed) throw conflict(messageRef("server.lms_feed_busy"));
      await lmsFeeds.markManualRefresh(id, now);
      const outcome = await refreshClaimed(claimed, token);
      const after = await found(userId, id);
      if (!outcome.ok) throw new HttpError(400, failureMessage(outcome.reason, outcome.status));
      return { feed: after, imported: outcome.imported, skipped: outcome.skipped };
    },

    /**
     * One scan: claims the feeds due and refreshes each. Answers how many it claimed. Stopped
     * (`signal`), it cuts the fetch under way short and gives back every feed not refreshed.
     */
    async scanOnce(log?: Logger, signal?: AbortSignal): Promise<number> {
      const now = clock();
      const token = randomUUID();
      const claimed = await lmsFeeds.claim(token, now, leaseCutoff(now), FEEDS_PER_SCAN);
      for (const [i, feed] of claimed.entries()) {
        if (signal?.aborted) {
          await lmsFeeds.release(
            claimed.slice(i).map((rest) => rest.id),
            token,
          );
          break;
        }
        // One feed's failure (recorded on it, its claim released) never stops the scan for the others.
        try {
          const outcome = await refreshClaimed(feed, token, signal);
          // Never the address: it is the student's secret.
          if (!outcome.ok && outcome !== STOPPED)
            log?.warn({ feedId: feed.id, reason: outcome.reason, status: outcome.status }, "LMS feed refresh failed");
        } catch (error) {
          log?.warn({ feedId: feed.id, err: error }, "LMS feed refresh failed");
        }
      }
      return claimed.length;
    },
  };
}
export type LmsFeedService = ReturnType<typeof createLmsFeedService>;

/** The instance's refresher (decision 125): a scan every `intervalMs`, the first a minute after start. */
export function createLmsFeedRefresher(service: LmsFeedService, log: Logger, options: { intervalMs?: number; metrics?: JobMetrics } = {}) {
  const intervalMs = options.intervalMs ?? 60_000;
  return createWorker({
    name: "lms-feeds",
    runOnce: ({ signal }) => service.scanOnce(log, signal),
    intervalMs,
    firstPassAfterMs: intervalMs,
    // A scan's refreshes are bounded by their fetches' time-outs (10 s each), not by a budget of its own.
    budgetMs: intervalMs,
    failureMessage: "LMS feed scan failed",
    log,
    metrics: options.metrics,
  });
}
