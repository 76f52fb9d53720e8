import { randomBytes } from "node:crypto";
import type { Db } from "../db/connection";
import type { TestDevice, TestPushService } from "./push-service";

const CHUNK = 400;

/**
 * `count` accounts with one device each at the test push service, written straight into the
 * database (registering thousands through the API would spend the run hashing passwords): a
 * user, a session, and the session's push subscription.
 */
export async function seedDevices(
  db: Db,
  pushService: TestPushService,
  vapidPublicKey: string,
  count: number,
  options: { isAdmin?: boolean; prefix?: string } = {},
): Promise<{ userIds: number[]; devices: TestDevice[] }> {
  const now = new Date().toISOString();
  const later = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toISOString();
  const prefix = options.prefix ?? randomBytes(4).toString("hex");
  const userIds: number[] = [];
  const devices: TestDevice[] = [];
  for (let start = 0; start < count; start += CHUNK) {
    const n = Math.min(CHUNK, count - start);
    const users = await db
      .insertInto("users")
      .values(
        Array.from({ length: n }, (_, i) => ({
          email: `${prefix}-${start + i}@example.com`,
          password_hash: null,
          first_name: "Seeded",
          last_name: `Student ${start + i}`,
          profile_image_url: null,
          is_admin: options.isAdmin ? 1 : 0,
          password_reset_required: 0,
          temporary_password_expires_at: null,
          user_classes: "[]",
          evening_summary_time: null,
          school_schedule: null,
          schedule_source: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning("id")
      .execute();
    const ids = users.map((u) => u.id);
    const hashes = ids.map(() => randomBytes(32).toString("hex"));
    await db
      .insertInto("sessions")
      .values(
        ids.map((userId, i) => ({
          id_hash: hashes[i]!,
          user_id: userId,
          csrf_token: randomBytes(16).toString("hex"),
          created_at: now,
          last_seen_at: now,
          expires_at: later,
          admin_unlocked_at: null,
        })),
      )
      .execute();
    const chunk = ids.map(() => pushService.subscribe(vapidPublicKey));
    await db
      .insertInto("push_subscriptions")
      .values(
        ids.map((userId, i) => ({
          user_id: userId,
          session_id_hash: hashes[i]!,
          endpoint: chunk[i]!.subscription.endpoint,
          p256dh: chunk[i]!.subscription.keys.p256dh,
          auth: chunk[i]!.subscription.keys.auth,
          expiration_time: null,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    userIds.push(...ids);
    devices.push(...chunk);
  }
  return { userIds, devices };
}

/** An admin written straight into the database (no password): who sends an announcement in tests and the bench. */
export function seedStaff(db: Db, email: string): Promise<{ id: number; email: string }> {
  const now = new Date().toISOString();
  return db
    .insertInto("users")
    .values({
      email,
      password_hash: null,
      first_name: "Staff",
      last_name: "Member",
      profile_image_url: null,
      is_admin: 1,
      password_reset_required: 0,
      temporary_password_expires_at: null,
      user_classes: "[]",
      evening_summary_time: null,
      school_schedule: null,
      schedule_source: null,
      created_at: now,
      updated_at: now,
    })
    .returning(["id", "email"])
    .executeTakeFirstOrThrow();
}
