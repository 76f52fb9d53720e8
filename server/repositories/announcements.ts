import { type SelectQueryBuilder, sql } from "kysely";
import type { AnnouncementEvent } from "../../core/announcements";
import { DEFAULT_LOCALE, type Locale } from "../../core/i18n/locale";
import type { Executor } from "../db/connection";
import { createLeaseQueue } from "../jobs/lease-queue";
import type { AnnouncementAudience, AnnouncementDeliveryRow, AnnouncementDeliveryStatus, Database } from "../db/schema";

/** An announcement with how its devices fared (decision 113). */
export interface AnnouncementProgress {
  id: number;
  title: string;
  body: string;
  audience: AnnouncementAudience;
  createdAt: string;
  shownUntil: string | null;
  event: AnnouncementEvent | null;
  /** Accounts of its audience when it was sent (issue 49); null before that was counted. */
  readers: number | null;
  total: number;
  sent: number;
  failed: number;
  pending: number;
}

/** A claimed outbox row with what its push needs: the announcement's words and the device. */
export interface ClaimedDelivery {
  id: number;
  announcementId: number;
  title: string;
  body: string;
  /** The school event it was made from: the push says when, in the device owner's language. */
  event: AnnouncementEvent | null;
  locale: Locale;
  subscriptionId: number;
  /** Null when the device was removed after the row was written: it ends as failed. */
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}

/** The event of a row's event columns, or null. */
function eventOf(row: { event_date: string | null; event_end_date: string | null; event_time: string | null }): AnnouncementEvent | null {
  return row.event_date === null ? null : { date: row.event_date, endDate: row.event_end_date, time: row.event_time };
}

const EVENT_COLUMNS = ["event_date", "event_end_date", "event_time"] as const;

/** An announcement's own columns in the progress statement: selected, and grouped by, alike. */
const PROGRESS_COLUMNS = [
  "a.id",
  "a.title",
  "a.body",
  "a.audience",
  "a.created_at",
  "a.pruned_sent",
  "a.pruned_failed",
  "a.readers",
  "a.shown_until",
  "a.event_date",
  "a.event_end_date",
  "a.event_time",
] as const;

/** The audiences whose announcements a reader sees: "all" and their own. */
export function audiencesOf(isAdmin: boolean): AnnouncementAudience[] {
  return ["all", isAdmin ? "admins" : "students"];
}

/** The announcements and their outbox (decision 113). */
export function createAnnouncementsRepository(db: Executor) {
  // The push outbox: one row per device, worked under a lease (decisions 113, 125).
  const outbox = createLeaseQueue(db, {
    table: "announcement_deliveries",
    ready: (eb) => eb("status", "=", "pending"),
    orderBy: ["id"],
  });

  /**
   * The announcements chosen by `pick` with their devices counted by status, in one statement: the
   * outbox's rows left plus those housekeeping pruned (`pruned_sent`, `pruned_failed`). One
   * statement reads one snapshot, so a prune committing meanwhile (rows gone, counts folded) is
   * seen whole or not at all.
   */
  async function progressOf(
    pick: (q: SelectQueryBuilder<Database, "announcements", object>) => SelectQueryBuilder<Database, "announcements", object>,
  ): Promise<AnnouncementProgress[]> {
    const picked = pick(db.selectFrom("announcements")).select([
      "id",
      "title",
      "body",
      "audience",
      "created_at",
      "pruned_sent",
      "pruned_failed",
      "readers",
      "shown_until",
      ...EVENT_COLUMNS,
    ]);
    const counted = (status: AnnouncementDeliveryStatus) =>
      sql<number | string>`coalesce(sum(case when d.status = ${status} then 1 else 0 end), 0)`;
    const rows = await db
      .selectFrom(picked.as("a"))
      .leftJoin("announcement_deliveries as d", "d.announcement_id", "a.id")
      .select([...PROGRESS_COLUMNS, counted("sent").as("sent"), counted("failed").as("failed"), counted("pending").as("pending")])
      .groupBy([...PROGRESS_COLUMNS])
      .orderBy("a.created_at", "desc")
      .orderBy("a.id", "desc")
      .execute();
    return rows.map((row) => {
      const sent = Number(row.sent) + Number(row.pruned_sent);
      const failed = Number(row.failed) + Number(row.pruned_failed);
      const pending = Number(row.pending);
      return {
        id: row.id,
        title: row.title,
        body: row.body,
        audience: row.audience,
        createdAt: row.created_at,
        shownUntil: row.shown_until,
        event: eventOf(row),
        readers: row.readers === null ? null : Number(row.readers),
        total: sent + failed + pending,
        sent,
        failed,
        pending,
      };
    });
  }

  return {
    /**
     * Writes the announcement and its outbox: one pending row per device of every account in the
     * audience, by one INSERT … SELECT (5,000 devices are one statement). Answers the id and how
     * many devices it goes to. Part of the transaction that creates it.
     */
    async create(
      input: {
        title: string;
        body: string;
        audience: AnnouncementAudience;
        createdBy: number | null;
        shownUntil: Date;
        event: AnnouncementEvent | null;
      },
      now: Date,
    ) {
      // The audience's accounts: users.is_admin for "students" and "admins", everyone for "all".
      const isAdmin = input.audience === "all" ? null : input.audience === "admins" ? 1 : 0;
      // Everyone in the audience reads it on Home, with a device for push or without.
      const { readers } = await db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number | string>().as("readers"))
        .$if(isAdmin !== null, (q) => q.where("users.is_admin", "=", isAdmin!))
        .executeTakeFirstOrThrow();
      const row = await db
        .insertInto("announcements")
        .values({
          title: input.title,
          body: input.body,
          audience: input.audience,
          created_by: input.createdBy,
          created_at: now.toISOString(),
          readers: Number(readers),
          shown_until: input.shownUntil.toISOString(),
          event_date: input.event?.date ?? null,
          event_end_date: input.event?.endDate ?? null,
          event_time: input.event?.time ?? null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const devices = db
        .selectFrom("push_subscriptions")
        .innerJoin("users", "users.id", "push_subscriptions.user_id")
        .select([
          sql<number>`${row.id}`.as("announcement_id"),
          "push_subscriptions.user_id",
          "push_subscriptions.id as subscription_id",
          sql<AnnouncementDeliveryStatus>`'pending'`.as("status"),
        ])
        .$if(isAdmin !== null, (q) => q.where("users.is_admin", "=", isAdmin!));
      const result = await db
        .insertInto("announcement_deliveries")
        .columns(["announcement_id", "user_id", "subscription_id", "status"])
        .expression(devices)
        .executeTakeFirst();
      return { id: row.id, devices: Number(result.numInsertedOrUpdatedRows ?? 0), readers: Number(readers) };
    },

    async find(id: number): Promise<AnnouncementProgress | undefined> {
      return (await progressOf((q) => q.where("id", "=", id)))[0];
    },

    /** The newest `limit` announcements with their progress (the admin's list). */
    listWithProgress(limit: number): Promise<AnnouncementProgress[]> {
      return progressOf((q) => q.orderBy("created_at", "desc").orderBy("id", "desc").limit(limit));
    },

    /**
     * What a reader sees: for these audiences, the announcements Home still shows at `now` and those
     * made since `since`, newest first. An announcement of an event weeks ahead is still shown.
     */
    async listForReader(audiences: readonly AnnouncementAudience[], since: Date, now: Date, limit: number) {
      const rows = await db
        .selectFrom("announcements")
        .select(["id", "title", "body", "created_at", "shown_until", ...EVENT_COLUMNS])
        .where("audience", "in", audiences)
        .where((eb) => eb.or([eb("created_at", ">=", since.toISOString()), eb("shown_until", ">", now.toISOString())]))
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        body: row.body,
        createdAt: row.created_at,
        shownUntil: row.shown_until,
        event: eventOf(row),
      }));
    },

    /**
     * Claims up to `limit` pending rows for `token`, oldest first: those never claimed, and those
     * whose claim is older than `leaseCutoff` (an instance that stopped mid-send). The one lease
     * queue's claim (decision 125): instances claim disjoint batches on both engines.
     */
    async claim(token: string, now: Date, leaseCutoff: Date, limit: number): Promise<ClaimedDelivery[]> {
      const claimed = await outbox.claim(token, now, leaseCutoff, limit);
      if (claimed.length === 0) return [];
      const ids = claimed.map((c) => c.id);
      const rows = await db
        .selectFrom("announcement_deliveries as d")
        .innerJoin("announcements as a", "a.id", "d.announcement_id")
        .leftJoin("users as u", "u.id", "d.user_id")
        .leftJoin("push_subscriptions as s", "s.id", "d.subscription_id")
        .select([
          "d.id",
          "d.announcement_id as announcementId",
          "a.title",
          "a.body",
          "a.event_date",
          "a.event_end_date",
          "a.event_time",
          "u.locale",
          "d.subscription_id as subscriptionId",
          "s.endpoint",
          "s.p256dh",
          "s.auth",
        ])
        .where("d.id", "in", ids)
        .orderBy("d.id")
        .execute();
      return rows.map(({ event_date, event_end_date, event_time, locale, ...row }) => ({
        ...row,
        locale: locale ?? DEFAULT_LOCALE,
        event: eventOf({ event_date, event_end_date, event_time }),
      }));
    },

    /** Marks claimed rows finished; only while `token` still holds them (a claim taken over is the new holder's to mark). */
    finish(ids: readonly number[], status: Exclude<AnnouncementDeliveryStatus, "pending">, token: string, now: Date): Promise<number> {
      return outbox.finish(ids, token, { status, finished_at: now.toISOString() });
    },

    /** Gives claimed rows back unsent (their pushes never started): the next scan, anywhere, claims them. */
    async release(ids: readonly number[], token: string): Promise<void> {
      await outbox.release(ids, token);
    },

    /**
     * Up to `limit` announcements made before `before` that still have finished outbox rows
     * finished before it: housekeeping's to prune, oldest first.
     */
    async withFinishedRowsBefore(before: Date, limit: number): Promise<number[]> {
      const cutoff = before.toISOString();
      const rows = await db
        .selectFrom("announcements as a")
        .select("a.id")
        .where("a.created_at", "<", cutoff)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom("announcement_deliveries as d")
              .select("d.id")
              .whereRef("d.announcement_id", "=", "a.id")
              .where("d.status", "in", ["sent", "failed"])
              .where("d.finished_at", "<", cutoff),
          ),
        )
        .orderBy("a.id")
        .limit(limit)
        .execute();
      return rows.map((r) => r.id);
    },

    /**
     * Deletes an announcement's outbox rows finished before `before` and adds them to its pruned
     * counts. Part of a transaction: the rows and the counts change together. Only the rows this
     * DELETE removed are counted, so two instances pruning at once count each row once (on
     * PostgreSQL the second waits for the first's row locks, then finds those rows gone).
     */
    async pruneFinished(announcementId: number, before: Date): Promise<number> {
      const removed = await db
        .deleteFrom("announcement_deliveries")
        .where("announcement_id", "=", announcementId)
        .where("status", "in", ["sent", "failed"])
        .where("finished_at", "<", before.toISOString())
        .returning("status")
        .execute();
      const sent = removed.filter((r) => r.status === "sent").length;
      const failed = removed.length - sent;
      if (removed.length > 0)
        await db
          .updateTable("announcements")
          .set((eb) => ({ pruned_sent: eb("pruned_sent", "+", sent), pruned_failed: eb("pruned_failed", "+", failed) }))
          .where("id", "=", announcementId)
          .execute();
      return removed.length;
    },

    /** The outbox's rows of an announcement (tests). */
    listDeliveries(announcementId: number): Promise<AnnouncementDeliveryRow[]> {
      return db.selectFrom("announcement_deliveries").selectAll().where("announcement_id", "=", announcementId).orderBy("id").execute();
    },
  };
}
export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
