import { sql } from "kysely";
import { type Executor, isPostgres } from "../db/connection";
import type { AnnouncementAudience, AnnouncementDeliveryRow, AnnouncementDeliveryStatus, AnnouncementRow } from "../db/schema";

/** An announcement with how its devices fared (decision 113). */
export interface AnnouncementProgress {
  id: number;
  title: string;
  body: string;
  audience: AnnouncementAudience;
  createdAt: string;
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
  subscriptionId: number;
  /** Null when the device was removed after the row was written: it ends as failed. */
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}

/** The audiences whose announcements a reader sees: "all" and their own. */
export function audiencesOf(isAdmin: boolean): AnnouncementAudience[] {
  return ["all", isAdmin ? "admins" : "students"];
}

/** The announcements and their outbox (decision 113). */
export function createAnnouncementsRepository(db: Executor) {
  const postgres = isPostgres(db);

  async function progressOf(rows: readonly AnnouncementRow[]): Promise<AnnouncementProgress[]> {
    if (rows.length === 0) return [];
    const counts = await db
      .selectFrom("announcement_deliveries")
      .select(["announcement_id", "status", sql<number | string>`count(*)`.as("n")])
      .where(
        "announcement_id",
        "in",
        rows.map((r) => r.id),
      )
      .groupBy(["announcement_id", "status"])
      .execute();
    return rows.map((row) => {
      const of = (status: AnnouncementDeliveryStatus) =>
        Number(counts.find((c) => c.announcement_id === row.id && c.status === status)?.n ?? 0);
      const [sent, failed, pending] = [of("sent"), of("failed"), of("pending")];
      return {
        id: row.id,
        title: row.title,
        body: row.body,
        audience: row.audience,
        createdAt: row.created_at,
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
    async create(input: { title: string; body: string; audience: AnnouncementAudience; createdBy: number | null }, now: Date) {
      const row = await db
        .insertInto("announcements")
        .values({
          title: input.title,
          body: input.body,
          audience: input.audience,
          created_by: input.createdBy,
          created_at: now.toISOString(),
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
        .$if(input.audience !== "all", (q) => q.where("users.is_admin", "=", input.audience === "admins" ? 1 : 0));
      const result = await db
        .insertInto("announcement_deliveries")
        .columns(["announcement_id", "user_id", "subscription_id", "status"])
        .expression(devices)
        .executeTakeFirst();
      return { id: row.id, devices: Number(result.numInsertedOrUpdatedRows ?? 0) };
    },

    async find(id: number): Promise<AnnouncementProgress | undefined> {
      const row = await db.selectFrom("announcements").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? (await progressOf([row]))[0] : undefined;
    },

    /** The newest `limit` announcements with their progress (the admin's list). */
    async listWithProgress(limit: number): Promise<AnnouncementProgress[]> {
      const rows = await db
        .selectFrom("announcements")
        .selectAll()
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
      return progressOf(rows);
    },

    /** What a reader sees: announcements made since `since` for these audiences, newest first. */
    listForReader(audiences: readonly AnnouncementAudience[], since: Date, limit: number) {
      return db
        .selectFrom("announcements")
        .select(["id", "title", "body", "created_at as createdAt"])
        .where("audience", "in", audiences)
        .where("created_at", ">=", since.toISOString())
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
    },

    /**
     * Claims up to `limit` pending rows for `token`: those never claimed, and those whose claim is
     * older than `leaseCutoff` (an instance that stopped mid-send). One conditional UPDATE: on
     * PostgreSQL its sub-select locks the rows it picks and skips those another instance is
     * claiming right now (FOR UPDATE SKIP LOCKED), so instances claim disjoint batches; SQLite has
     * one writer, which serialises it by itself. Oldest first.
     */
    async claim(token: string, now: Date, leaseCutoff: Date, limit: number): Promise<ClaimedDelivery[]> {
      const cutoff = leaseCutoff.toISOString();
      const claimable = db
        .selectFrom("announcement_deliveries")
        .select("id")
        .where("status", "=", "pending")
        .where((eb) => eb.or([eb("claimed_at", "is", null), eb("claimed_at", "<", cutoff)]))
        .orderBy("id")
        .limit(limit);
      const claimed = await db
        .updateTable("announcement_deliveries")
        .set({ claimed_at: now.toISOString(), claim_token: token })
        .where("id", "in", postgres ? claimable.forUpdate().skipLocked() : claimable)
        .where("status", "=", "pending")
        .where((eb) => eb.or([eb("claimed_at", "is", null), eb("claimed_at", "<", cutoff)]))
        .returning(["id", "announcement_id", "subscription_id"])
        .execute();
      if (claimed.length === 0) return [];
      const ids = claimed.map((c) => c.id);
      const rows = await db
        .selectFrom("announcement_deliveries as d")
        .innerJoin("announcements as a", "a.id", "d.announcement_id")
        .leftJoin("push_subscriptions as s", "s.id", "d.subscription_id")
        .select([
          "d.id",
          "d.announcement_id as announcementId",
          "a.title",
          "a.body",
          "d.subscription_id as subscriptionId",
          "s.endpoint",
          "s.p256dh",
          "s.auth",
        ])
        .where("d.id", "in", ids)
        .orderBy("d.id")
        .execute();
      return rows;
    },

    /** Marks claimed rows finished; only while `token` still holds them (a claim taken over is the new holder's to mark). */
    async finish(
      ids: readonly number[],
      status: Exclude<AnnouncementDeliveryStatus, "pending">,
      token: string,
      now: Date,
    ): Promise<number> {
      if (ids.length === 0) return 0;
      const result = await db
        .updateTable("announcement_deliveries")
        .set({ status, finished_at: now.toISOString() })
        .where("id", "in", ids)
        .where("status", "=", "pending")
        .where("claim_token", "=", token)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Gives claimed rows back unsent (their pushes never started): the next scan, anywhere, claims them. */
    async release(ids: readonly number[], token: string): Promise<void> {
      if (ids.length === 0) return;
      await db
        .updateTable("announcement_deliveries")
        .set({ claimed_at: null, claim_token: null })
        .where("id", "in", ids)
        .where("status", "=", "pending")
        .where("claim_token", "=", token)
        .execute();
    },

    /** The outbox's rows of an announcement (tests). */
    listDeliveries(announcementId: number): Promise<AnnouncementDeliveryRow[]> {
      return db.selectFrom("announcement_deliveries").selectAll().where("announcement_id", "=", announcementId).orderBy("id").execute();
    },
  };
}
export type AnnouncementsRepository = ReturnType<typeof createAnnouncementsRepository>;
