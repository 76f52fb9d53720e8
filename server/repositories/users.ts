import type { User } from "../../core/schemas/user";
import type { Executor } from "../db/connection";
import type { UserRow } from "../db/schema";

export function toPublicUser(row: Omit<UserRow, "password_hash">): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    isAdmin: Boolean(row.is_admin),
    passwordResetRequired: Boolean(row.password_reset_required),
    userClasses: parseClasses(row.user_classes),
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

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function createUsersRepository(db: Executor) {
  return {
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom("users").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
    },

    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
    },

    /** The stored hash, for the few places that must check a password; request.user never carries it. */
    async findPasswordHash(id: number): Promise<string | undefined> {
      const row = await db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirst();
      return row?.password_hash;
    },

    /** Returns undefined when the email is already taken (the unique index decides, not a read). */
    async create(input: {
      email: string;
      passwordHash: string;
      firstName: string;
      lastName: string;
      isAdmin: boolean;
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
          created_at: now,
          updated_at: now,
        })
        .onConflict((oc) => oc.column("email").doNothing())
        .returningAll()
        .executeTakeFirst();
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

    async setAdmin(email: string, isAdmin: boolean): Promise<UserRow | undefined> {
      return db
        .updateTable("users")
        .set({ is_admin: isAdmin ? 1 : 0, updated_at: new Date().toISOString() })
        .where("email", "=", normalizeEmail(email))
        .returningAll()
        .executeTakeFirst();
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
