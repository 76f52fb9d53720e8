import { hash, randomBytes } from "node:crypto";
import type { InferResult } from "kysely";
import type { Executor } from "../db/connection";
import type { SessionRow, UserRow } from "../db/schema";

export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** Phones, laptops, school computers: ten signed-in browsers per user is plenty. */
export const MAX_SESSIONS_PER_USER = 10;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding the idle window costs a write; once a minute per session is plenty. */
export const TOUCH_INTERVAL_MS = 60 * 1000;

export function hashSessionId(id: string): string {
  // The one-shot form: the same digest without a Hash object, on every request.
  return hash("sha256", id, "hex");
}

const newSessionId = () => randomBytes(32).toString("base64url");

/**
 * The signed-in user as a request sees it: every column but the password hash, so no handler
 * can leak or misuse it. Code that must check a password loads the hash explicitly
 * (users.findPasswordHash).
 */
/**
 * The user a session loads on every request: not the password hash, nor the school schedule
 * document, nor the grading scale (read by the grades alone), nor the retention policy's dates
 * (read by its sweep alone).
 */
export type SessionUser = Omit<
  UserRow,
  | "password_hash"
  | "school_schedule"
  | "grade_scale"
  | "last_sign_in_at"
  | "retention_notice_at"
  | "roster_source_id"
  | "roster_classes"
  | "disabled_at"
>;

/** Every users column a session load reads; `satisfies` makes a new column a compile error here until listed. */
const SESSION_USER_COLUMNS = {
  id: true,
  email: true,
  first_name: true,
  last_name: true,
  profile_image_url: true,
  is_admin: true,
  password_reset_required: true,
  temporary_password_expires_at: true,
  user_classes: true,
  data_version: true,
  evening_summary_time: true,
  locale: true,
  schedule_source: true,
  app_badge: true,
  study_preferences: true,
  study_block_reminders: true,
  created_at: true,
  updated_at: true,
} satisfies Record<keyof SessionUser, true>;
const sessionUserSelection = Object.keys(SESSION_USER_COLUMNS).map((column) => `users.${column}` as `users.${keyof SessionUser}`);

export interface LoadedSession {
  session: SessionRow;
  user: SessionUser;
}

export function createSessionsRepository(db: Executor) {
  /**
   * Every /api request loads its session: the query is compiled once (on first use: a transaction's
   * repositories are made afresh and rarely load one), and each load runs it with
   * its own id hash as the one parameter (building it anew took a tenth of a small answer's time).
   */
  const loadQuery = () =>
    db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select(sessionUserSelection)
      .select([
        "sessions.id_hash",
        "sessions.user_id",
        "sessions.csrf_token",
        "sessions.created_at as session_created_at",
        "sessions.last_seen_at",
        "sessions.expires_at",
        "sessions.admin_unlocked_at",
      ])
      .where("sessions.id_hash", "=", "")
      .compile();
  let compiledLoad: ReturnType<typeof loadQuery> | undefined;

  return {
    /** Creates a session and returns the cookie value (256 random bits). */
    async create(userId: number, now = new Date()): Promise<{ id: string; csrfToken: string }> {
      const id = newSessionId();
      const idHash = hashSessionId(id);
      const csrfToken = randomBytes(32).toString("base64url");
      await db
        .insertInto("sessions")
        .values({
          id_hash: idHash,
          user_id: userId,
          csrf_token: csrfToken,
          created_at: now.toISOString(),
          last_seen_at: now.toISOString(),
          expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
          admin_unlocked_at: null,
        })
        .execute();
      // The account was used: the retention policy counts from here, and a notice sent before is void.
      await db
        .updateTable("users")
        .set({ last_sign_in_at: now.toISOString(), retention_notice_at: null })
        .where("id", "=", userId)
        .execute();
      // A user keeps at most MAX_SESSIONS_PER_USER sessions: signing in once more ends the least
      // recently used one rather than refusing the sign-in (docs/decisions/052).
      await db
        .deleteFrom("sessions")
        .where("user_id", "=", userId)
        .where("id_hash", "<>", idHash)
        .where(
          "id_hash",
          "not in",
          db
            .selectFrom("sessions")
            .select("id_hash")
            .where("user_id", "=", userId)
            .where("id_hash", "<>", idHash)
            .orderBy("last_seen_at", "desc")
            .orderBy("created_at", "desc")
            .limit(MAX_SESSIONS_PER_USER - 1),
        )
        .execute();
      return { id, csrfToken };
    },

    /** Finds a live session with its user, sliding the idle window; expired ones are removed. */
    async load(id: string, now = new Date()): Promise<LoadedSession | undefined> {
      const idHash = hashSessionId(id);
      compiledLoad ??= loadQuery();
      const [row] = (await db.executeQuery({ ...compiledLoad, parameters: [idHash] })).rows as InferResult<typeof compiledLoad>;
      if (!row) return undefined;
      const idleEnd = new Date(row.last_seen_at).getTime() + SESSION_IDLE_MS;
      if (now.toISOString() >= row.expires_at || now.getTime() >= idleEnd) {
        await db.deleteFrom("sessions").where("id_hash", "=", idHash).execute();
        return undefined;
      }
      if (now.getTime() - new Date(row.last_seen_at).getTime() > TOUCH_INTERVAL_MS) {
        await db.updateTable("sessions").set({ last_seen_at: now.toISOString() }).where("id_hash", "=", idHash).execute();
        row.last_seen_at = now.toISOString();
      }
      const { id_hash, user_id, csrf_token, session_created_at, last_seen_at, expires_at, admin_unlocked_at, ...user } = row;
      return {
        session: { id_hash, user_id, csrf_token, created_at: session_created_at, last_seen_at, expires_at, admin_unlocked_at },
        user,
      };
    },

    /** Slides a session's idle window (at most once a minute: TOUCH_INTERVAL_MS). */
    async touch(idHash: string, now: Date): Promise<void> {
      await db.updateTable("sessions").set({ last_seen_at: now.toISOString() }).where("id_hash", "=", idHash).execute();
    },

    /**
     * Gives a live session a new id and a new CSRF token (the same row: user and lifetime stay),
     * optionally setting when the admin passcode step-up unlocked it. Returns the new cookie value
     * and token, or undefined when the session is gone.
     */
    async rotate(id: string, changes: { adminUnlockedAt?: Date | null } = {}): Promise<{ id: string; csrfToken: string } | undefined> {
      const newId = newSessionId();
      const csrfToken = randomBytes(32).toString("base64url");
      const result = await db
        .updateTable("sessions")
        .set({
          id_hash: hashSessionId(newId),
          csrf_token: csrfToken,
          ...(changes.adminUnlockedAt !== undefined ? { admin_unlocked_at: changes.adminUnlockedAt?.toISOString() ?? null } : {}),
        })
        .where("id_hash", "=", hashSessionId(id))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0 ? { id: newId, csrfToken } : undefined;
    },

    async delete(id: string): Promise<void> {
      await db.deleteFrom("sessions").where("id_hash", "=", hashSessionId(id)).execute();
    },

    async deleteAllForUser(userId: number): Promise<void> {
      await db.deleteFrom("sessions").where("user_id", "=", userId).execute();
    },

    /** Ends the admin step-up of every session of the user: each stays signed in, with the panel locked. */
    async lockAdminPanelForUser(userId: number): Promise<void> {
      await db
        .updateTable("sessions")
        .set({ admin_unlocked_at: null })
        .where("user_id", "=", userId)
        .where("admin_unlocked_at", "is not", null)
        .execute();
    },

    /**
     * Removes sessions past their absolute or idle end. `load` already refuses them; this keeps
     * the sessions of students who never come back from piling up. Returns how many went.
     */
    async deleteExpired(now = new Date()): Promise<number> {
      const idleCutoff = new Date(now.getTime() - SESSION_IDLE_MS).toISOString();
      const result = await db
        .deleteFrom("sessions")
        .where((eb) => eb.or([eb("expires_at", "<=", now.toISOString()), eb("last_seen_at", "<=", idleCutoff)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
