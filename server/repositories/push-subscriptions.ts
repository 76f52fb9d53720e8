import type { Executor } from "../db/connection";
import type { PushSubscriptionRow } from "../db/schema";

export interface NewPushSubscription {
  userId: number;
  sessionIdHash: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  expirationTime: number | null;
}

/** Web Push subscriptions, one per device (decision 087). */
export function createPushSubscriptionsRepository(db: Executor) {
  return {
    /**
     * Stores a device's subscription for the session that registered it. The endpoint names the
     * device: one already stored (this account's, from another session, or another account's) is
     * taken over, keys and owner replaced, so a device never pushes to two people.
     */
    async upsert(subscription: NewPushSubscription, now = new Date()): Promise<void> {
      const at = now.toISOString();
      const values = {
        user_id: subscription.userId,
        session_id_hash: subscription.sessionIdHash,
        p256dh: subscription.p256dh,
        auth: subscription.auth,
        expiration_time: subscription.expirationTime === null ? null : new Date(subscription.expirationTime).toISOString(),
        updated_at: at,
      };
      await db
        .insertInto("push_subscriptions")
        .values({ ...values, endpoint: subscription.endpoint, created_at: at })
        .onConflict((oc) => oc.column("endpoint").doUpdateSet(values))
        .execute();
    },

    /**
     * Keeps the user's `max` most recently registered devices and removes the rest: a device that
     * subscribes again counts as new, one left behind by a reinstalled browser goes first.
     */
    async keepNewestForUser(userId: number, max: number): Promise<void> {
      await db
        .deleteFrom("push_subscriptions")
        .where("user_id", "=", userId)
        .where(
          "id",
          "not in",
          db
            .selectFrom("push_subscriptions")
            .select("id")
            .where("user_id", "=", userId)
            .orderBy("updated_at", "desc")
            .orderBy("id", "desc")
            .limit(max),
        )
        .execute();
    },

    /** Removes the endpoint if it is this user's; someone else's stays as it is. Returns whether one went. */
    async deleteOwn(userId: number, endpoint: string): Promise<boolean> {
      const result = await db
        .deleteFrom("push_subscriptions")
        .where("user_id", "=", userId)
        .where("endpoint", "=", endpoint)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Push services said these subscriptions are gone (404 or 410). */
    async deleteByIds(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom("push_subscriptions").where("id", "in", ids).execute();
    },

    async deleteAllForUser(userId: number): Promise<void> {
      await db.deleteFrom("push_subscriptions").where("user_id", "=", userId).execute();
    },

    /** Every device of these users, oldest first. */
    listForUsers(userIds: readonly number[]): Promise<PushSubscriptionRow[]> {
      if (userIds.length === 0) return Promise.resolve([]);
      return db.selectFrom("push_subscriptions").selectAll().where("user_id", "in", userIds).orderBy("id").execute();
    },

    /** The device subscribed through this session, if any. */
    findForSession(sessionIdHash: string): Promise<PushSubscriptionRow | undefined> {
      return db
        .selectFrom("push_subscriptions")
        .selectAll()
        .where("session_id_hash", "=", sessionIdHash)
        .orderBy("id", "desc")
        .executeTakeFirst();
    },

    async countForUser(userId: number): Promise<number> {
      const row = await db
        .selectFrom("push_subscriptions")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("user_id", "=", userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
export type PushSubscriptionsRepository = ReturnType<typeof createPushSubscriptionsRepository>;
