import type { AdminUser } from "../../core/schemas/admin";
import type { User } from "../../core/schemas/user";
import type { Locale } from "../../core/i18n/locale";
import type { StudyPreferences } from "../../core/study-plan";
import { sql } from "kysely";
import { type Executor, isPostgres } from "../db/connection";
import type { RetentionCandidate } from "../../core/retention";
import type { UserRow } from "../db/schema";
import type { SessionUser } from "./sessions";

export function toPublicUser(row: SessionUser): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    isAdmin: Boolean(row.is_admin),
    passwordResetRequired: Boolean(row.password_reset_required),
    userClasses: parseClasses(row.user_classes),
    locale: row.locale,
  };
}

function parseClasses(json: string): string[] {
  try {
    const value = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** What the admin's list reads of a user: the columns it shows, and whether a password is set (never the hash). */
export type AdminUserColumns = Pick<
  UserRow,
  "id" | "email" | "first_name" | "last_name" | "is_admin" | "password_reset_required" | "created_at"
> & {
  has_password: number | boolean;
};

/** A user row read whole (findById), as the admin's list reads it. */
/** What the roster sync reads of each account it follows (oneroster-sync.ts), all in one query. */
export type RosterAccount = Pick<
  UserRow,
  "id" | "email" | "first_name" | "last_name" | "is_admin" | "user_classes" | "roster_source_id" | "roster_classes" | "disabled_at"
>;

export function adminColumnsOf(row: UserRow): AdminUserColumns {
  return { ...row, has_password: row.password_hash !== null };
}

/** A row of the admin's user list: nothing secret (decision 085); `providers` are the ids the account has signed in with. */
export function toAdminUser(row: AdminUserColumns, providers: readonly string[] = [], twoFactor = false): AdminUser {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isAdmin: Boolean(row.is_admin),
    passwordResetRequired: Boolean(row.password_reset_required),
    createdAt: row.created_at,
    hasPassword: Boolean(row.has_password),
    providers: [...providers],
    twoFactor,
  };
}

/** One roster row to create (server/services/admin-service.ts importRoster). */
export interface NewRosterUser {
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  /** The temporary password's hash, or null for an account that signs in through the school's provider. */
  passwordHash: string | null;
}

/** Rows per INSERT of a roster import: 400 × 11 values stays far below SQLite's and PostgreSQL's limits on parameters. */
export const ROSTER_INSERT_BATCH = 400;
/** Emails per `IN (…)` when looking up which accounts exist. */
const EMAIL_LOOKUP_BATCH = 1000;

/** A LIKE pattern matching `text` anywhere, its own %, _ and \ taken literally (escaped with \). */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What the admin's user list is narrowed by: a search text ("" for none) and a role (null for both). */
export type AdminUserFilter = { search: string; isAdmin: boolean | null };

export function createUsersRepository(db: Executor) {
  /** The users an admin's search and filter match, one query for the list and its count. */
  function matchingForAdmin(query: AdminUserFilter) {
    let select = db.selectFrom("users");
    if (query.search) {
      const pattern = containsPattern(query.search);
      select = select.where((eb) =>
        eb.or([
          eb(sql<string>`lower(email)`, "like", sql<string>`${pattern} escape '\\'`),
          eb(sql<string>`lower(first_name)`, "like", sql<string>`${pattern} escape '\\'`),
          eb(sql<string>`lower(last_name)`, "like", sql<string>`${pattern} escape '\\'`),
        ]),
      );
    }
    if (query.isAdmin !== null) select = select.where("is_admin", "=", query.isAdmin ? 1 : 0);
    return select;
  }

  return {
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom("users").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
    },

    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /**
     * The stored hash, for the few places that must check a password; request.user never carries
     * it. Undefined for an account without one (it signs in through its school's provider).
     */
    async findPasswordHash(id: number): Promise<string | undefined> {
      const row = await db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirst();
      return row?.password_hash ?? undefined;
    },

    /** Returns undefined when the email is already taken (the unique index decides, not a read). */
    async create(input: {
      email: string;
      /** Null for an account that signs in only through its school's provider (decision 110). */
      passwordHash: string | null;
      firstName: string;
      lastName: string;
      isAdmin: boolean;
      /** The language the account starts in: the one its registration was made in (decision 108). */
      locale?: Locale;
    }): Promise<UserRow | undefined> {
      const now = new Date().toISOString();
      return db
        .insertInto("users")
        .values({
          email: normalizeEmail(input.email),
          password_hash: input.passwordHash,
          first_name: input.firstName,
          last_name: input.lastName,
          is_admin: input.isAdmin ? 1 : 0,
          password_reset_required: 0,
          user_classes: "[]",
          ...(input.locale ? { locale: input.locale } : {}),
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column("email").doNothing())
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * A roster import's accounts, in batches, inside the caller's transaction. An account with a
     * password gets it as a temporary one (the rules of an admin's reset: it only sets a new
     * password, until `temporaryPasswordExpiresAt`); one without signs in through the school's
     * provider. An email taken meanwhile is skipped (the unique index decides): the answer lists
     * the accounts made, by their stored email.
     */
    async createMany(rows: readonly NewRosterUser[], temporaryPasswordExpiresAt: Date): Promise<Array<{ id: number; email: string }>> {
      const now = new Date().toISOString();
      const expires = temporaryPasswordExpiresAt.toISOString();
      const created: Array<{ id: number; email: string }> = [];
      for (let start = 0; start < rows.length; start += ROSTER_INSERT_BATCH) {
        const batch = rows.slice(start, start + ROSTER_INSERT_BATCH);
        const inserted = await db
          .insertInto("users")
          .values(
            batch.map((row) => ({
              email: normalizeEmail(row.email),
              password_hash: row.passwordHash,
              first_name: row.firstName,
              last_name: row.lastName,
              is_admin: row.isAdmin ? 1 : 0,
              password_reset_required: row.passwordHash === null ? 0 : 1,
              temporary_password_expires_at: row.passwordHash === null ? null : expires,
              user_classes: "[]",
              created_at: now,
              updated_at: now,
            })),
          )
          .onConflict((oc) => oc.column("email").doNothing())
          .returning(["id", "email"])
          .execute();
        created.push(...inserted);
      }
      return created;
    },

    /** Which of these emails (normalized) have an account. */
    async existingEmails(emails: readonly string[]): Promise<Set<string>> {
      const found = new Set<string>();
      const normalized = [...new Set(emails.map(normalizeEmail))];
      for (let start = 0; start < normalized.length; start += EMAIL_LOOKUP_BATCH) {
        const rows = await db
          .selectFrom("users")
          .select("email")
          .where("email", "in", normalized.slice(start, start + EMAIL_LOOKUP_BATCH))
          .execute();
        for (const row of rows) found.add(row.email);
      }
      return found;
    },

    /** The providers each of these users has signed in with (`user_identities`), one query for a page of the admin's list. */
    async providersOf(ids: readonly number[]): Promise<Map<number, string[]>> {
      const byUser = new Map<number, string[]>();
      if (ids.length === 0) return byUser;
      const rows = await db
        .selectFrom("user_identities")
        .select(["user_id", "provider_id"])
        .where("user_id", "in", [...ids])
        .orderBy("user_id")
        .orderBy("id")
        .execute();
      for (const row of rows) {
        const list = byUser.get(row.user_id) ?? [];
        if (!list.includes(row.provider_id)) list.push(row.provider_id);
        byUser.set(row.user_id, list);
      }
      return byUser;
    },

    async setPassword(id: number, passwordHash: string): Promise<UserRow | undefined> {
      return db
        .updateTable("users")
        .set({
          password_hash: passwordHash,
          password_reset_required: 0,
          temporary_password_expires_at: null,
          updated_at: new Date().toISOString(),
        })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
    },

    /** Replaces the user's class list (already validated and encoded, docs/decisions/020); undefined when the user is gone. */
    async setClasses(id: number, userClasses: readonly string[]): Promise<UserRow | undefined> {
      return db
        .updateTable("users")
        .set({ user_classes: JSON.stringify(userClasses), updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
    },

    /** The stored school schedule (JSON), or null before the first save. */
    async findSchoolSchedule(id: number): Promise<string | null | undefined> {
      const row = await db.selectFrom("users").select("school_schedule").where("id", "=", id).executeTakeFirst();
      return row?.school_schedule;
    },

    /** Replaces the school schedule and bumps the data version, as a change to the classes does (decision 066). */
    async setSchoolSchedule(id: number, json: string): Promise<void> {
      await db
        .updateTable("users")
        .set((eb) => ({ school_schedule: json, data_version: eb("data_version", "+", 1), updated_at: new Date().toISOString() }))
        .where("id", "=", id)
        .execute();
    },

    /**
     * Which schedule the student follows, "school" or "mine" (decision 112). Bumps the data version,
     * as a change to the own schedule does: the agenda's ETag comes from it.
     */
    async setScheduleSource(id: number, source: "school" | "mine"): Promise<void> {
      await db
        .updateTable("users")
        .set((eb) => ({ schedule_source: source, data_version: eb("data_version", "+", 1), updated_at: new Date().toISOString() }))
        .where("id", "=", id)
        .execute();
    },

    /** The account's language (decision 108). */
    async setLocale(id: number, locale: Locale): Promise<void> {
      await db.updateTable("users").set({ locale, updated_at: new Date().toISOString() }).where("id", "=", id).execute();
    },

    /** Whether the installed app's icon shows the count of tasks due (decision 119). */
    /** The study plan's settings as one JSON object (decision 129). */
    async setStudyPreferences(id: number, study: StudyPreferences): Promise<void> {
      await db
        .updateTable("users")
        .set({ study_preferences: JSON.stringify(study), updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
    },

    async setStudyBlockReminders(id: number, on: boolean): Promise<void> {
      await db
        .updateTable("users")
        .set({ study_block_reminders: on ? 1 : 0, updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
    },

    async setAppBadge(id: number, on: boolean): Promise<void> {
      await db
        .updateTable("users")
        .set({ app_badge: on ? 1 : 0, updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
    },

    /** The evening summary's time (HH:mm), or null to turn it off. */
    async setEveningSummaryTime(id: number, time: string | null): Promise<void> {
      await db
        .updateTable("users")
        .set({ evening_summary_time: time, updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
    },

    async setAdmin(email: string, isAdmin: boolean): Promise<UserRow | undefined> {
      return db
        .updateTable("users")
        .set({ is_admin: isAdmin ? 1 : 0, updated_at: new Date().toISOString() })
        .where("email", "=", normalizeEmail(email))
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * The admin's user list: part of the email, first or last name in any case (the search is
     * data, never a pattern), optionally only admins or only others; newest first (by createdAt,
     * then id), from after the user `after` when given.
     */
    async listForAdmin(query: AdminUserFilter & { limit: number; after?: number }) {
      let select = matchingForAdmin(query).select([
        "id",
        "email",
        "first_name",
        "last_name",
        "is_admin",
        "password_reset_required",
        "created_at",
        // Whether a password is set, never the hash itself (0 or 1 on both engines).
        sql<number>`case when password_hash is null then 0 else 1 end`.as("has_password"),
      ]);
      if (query.after !== undefined) {
        const after = query.after;
        const cursor = await db.selectFrom("users").select("created_at").where("id", "=", after).executeTakeFirst();
        // The cursor names the last user the admin has seen. Should that user be deleted before the
        // next page is asked for, ids (handed out in creation order) still say who came before.
        select = cursor
          ? select.where((eb) =>
              eb.or([eb("created_at", "<", cursor.created_at), eb.and([eb("created_at", "=", cursor.created_at), eb("id", "<", after)])]),
            )
          : select.where("id", "<", after);
      }
      return select.orderBy("created_at", "desc").orderBy("id", "desc").limit(query.limit).execute();
    },

    /** How many users the admin's search and filter match, over all pages. */
    async countForAdmin(query: AdminUserFilter): Promise<number> {
      const row = await matchingForAdmin(query)
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Takes the lock of one user's row for the rest of the transaction: two writes that first count
     * what the account holds (an import into an empty account, a new push device past the cap) then
     * run one after the other, and the second counts what the first left. PostgreSQL: SELECT … FOR
     * UPDATE, which writes nothing, so the user's kept sessions stay kept (decision 093); SQLite runs
     * one transaction at a time on its single connection already.
     */
    async lockUser(id: number): Promise<void> {
      if (isPostgres(db)) await db.selectFrom("users").select("id").where("id", "=", id).forUpdate().execute();
    },

    /**
     * Takes the write lock of every admin row, inside a transaction: two admins demoting (or
     * deleting) each other at once then run one after the other, and the second counts what the
     * first left (PostgreSQL re-reads locked rows under read committed; SQLite has one writer).
     */
    async lockAdmins(): Promise<void> {
      await db
        .updateTable("users")
        .set((eb) => ({ is_admin: eb.ref("is_admin") }))
        .where("is_admin", "=", 1)
        .execute();
    },

    /** How many admins there are (the last one can never be demoted). */
    async countAdmins(): Promise<number> {
      const row = await db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .where("is_admin", "=", 1)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async setAdminById(id: number, isAdmin: boolean): Promise<UserRow | undefined> {
      return db
        .updateTable("users")
        .set({ is_admin: isAdmin ? 1 : 0, updated_at: new Date().toISOString() })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
    },

    /** An admin's reset: the temporary password's hash, which only sets a new password until it expires. */
    async requirePasswordReset(id: number, passwordHash: string, expiresAt: Date): Promise<UserRow | undefined> {
      return db
        .updateTable("users")
        .set({
          password_hash: passwordHash,
          password_reset_required: 1,
          temporary_password_expires_at: expiresAt.toISOString(),
          updated_at: new Date().toISOString(),
        })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirst();
    },

    /** Deletes the account row; true when there was one. Its data goes first (AdminService.deleteUser). */
    /**
     * The retention policy's candidates (issue 55): accounts, staff aside, neither signed into nor
     * used since `before`, with when they last were and when they were told; at most `limit`, the
     * longest unused first.
     */
    async unusedSince(before: Date, limit: number, onlyId?: number): Promise<RetentionCandidate[]> {
      const cutoff = before.toISOString();
      let query = db
        .selectFrom("users")
        .select((eb) => [
          "users.id",
          "users.email",
          "users.retention_notice_at",
          eb.fn.coalesce("users.last_sign_in_at", "users.created_at").as("signed_in_at"),
          eb
            .selectFrom("sessions")
            .select((s) => s.fn.max("sessions.last_seen_at").as("seen"))
            .whereRef("sessions.user_id", "=", "users.id")
            .as("seen_at"),
        ])
        .where("users.is_admin", "=", 0)
        .where((eb) => eb(eb.fn.coalesce("users.last_sign_in_at", "users.created_at"), "<", cutoff))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom("sessions")
                .select("sessions.id_hash")
                .whereRef("sessions.user_id", "=", "users.id")
                .where("sessions.last_seen_at", ">=", cutoff),
            ),
          ),
        )
        .orderBy((eb) => eb.fn.coalesce("users.last_sign_in_at", "users.created_at"))
        .orderBy("users.id")
        .limit(limit);
      if (onlyId !== undefined) query = query.where("users.id", "=", onlyId);
      const rows = await query.execute();
      return rows.map((row) => {
        const signedIn = String(row.signed_in_at);
        const seen = row.seen_at ? String(row.seen_at) : null;
        return {
          userId: row.id,
          email: row.email,
          lastSeenAt: seen && seen > signedIn ? seen : signedIn,
          noticeAt: row.retention_notice_at,
        };
      });
    },

    /** The roster's accounts (issue 55): what a sync compares the provider's students with. */
    listRosterAccounts(): Promise<RosterAccount[]> {
      return db
        .selectFrom("users")
        .select(["id", "email", "first_name", "last_name", "is_admin", "user_classes", "roster_source_id", "roster_classes", "disabled_at"])
        .where("roster_source_id", "is not", null)
        .execute();
    },

    /** A roster's student written: made to follow `sourcedId`, its names, class list and roster class list; enabled again. */
    async applyRoster(
      id: number,
      changes: { sourcedId: string; firstName: string; lastName: string; userClasses?: string[]; rosterClasses: string[] },
      now: Date,
    ): Promise<void> {
      await db
        .updateTable("users")
        .set({
          roster_source_id: changes.sourcedId,
          first_name: changes.firstName,
          last_name: changes.lastName,
          ...(changes.userClasses ? { user_classes: JSON.stringify(changes.userClasses) } : {}),
          roster_classes: JSON.stringify(changes.rosterClasses),
          disabled_at: null,
          updated_at: now.toISOString(),
        })
        .where("id", "=", id)
        .execute();
    },

    /** The roster closed the account: it signs in no more (its sessions end with it). */
    async disable(id: number, now: Date): Promise<void> {
      await db.updateTable("users").set({ disabled_at: now.toISOString(), updated_at: now.toISOString() }).where("id", "=", id).execute();
    },

    /** Accounts the roster closed before `cutoff`, staff aside: the retention policy deletes them. */
    async disabledBefore(cutoff: Date, limit: number): Promise<Pick<UserRow, "id" | "email" | "disabled_at">[]> {
      return db
        .selectFrom("users")
        .select(["id", "email", "disabled_at"])
        .where("disabled_at", "is not", null)
        .where("disabled_at", "<", cutoff.toISOString())
        .where("is_admin", "=", 0)
        .orderBy("disabled_at")
        .limit(limit)
        .execute();
    },

    /** Whether the roster closed the account. */
    async isDisabled(id: number): Promise<boolean> {
      const row = await db.selectFrom("users").select("disabled_at").where("id", "=", id).executeTakeFirst();
      return Boolean(row?.disabled_at);
    },

    /** The notice was mailed (or written to the outbox) at `now`. */
    async setRetentionNotice(id: number, now: Date): Promise<void> {
      await db.updateTable("users").set({ retention_notice_at: now.toISOString() }).where("id", "=", id).execute();
    },

    async deleteById(id: number): Promise<boolean> {
      const result = await db.deleteFrom("users").where("id", "=", id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** ADMIN_EMAILS bootstrap: makes every listed, existing account an admin. */
    async promoteAll(emails: string[]): Promise<number> {
      if (emails.length === 0) return 0;
      const result = await db
        .updateTable("users")
        .set({ is_admin: 1, updated_at: new Date().toISOString() })
        .where("email", "in", emails.map(normalizeEmail))
        .where("is_admin", "=", 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
