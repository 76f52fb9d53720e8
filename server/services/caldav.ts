import { createHash } from "node:crypto";
import { messageRef } from "../../core/i18n/translate";
import { HttpError } from "../errors";
import type { SchoolRepository } from "../repositories/school";
import type { RunInTransaction } from "../repositories/transaction";
import type { UserRow } from "../db/schema";
import { hashDevicePassword } from "./device-passwords";
import type { Clock } from "./reminders";
import type { createAuthRateLimiter } from "./rate-limiter";

export const CALDAV_REALM = "Student Hub";
export const CALDAV_SIGN_IN_NEEDED = messageRef("caldav.sign_in_needed");

/** The three calendars of a student's home (decision 133): their own events, their tasks, the school's (read only). */
export const CALENDARS = ["events", "tasks", "school"] as const;
export type CalendarName = (typeof CALENDARS)[number];

/** How often a device password's last use is written: to the minute is all the list shows. */
const LAST_USE_PRECISION_MS = 60_000;

/** A 401 asking for Basic credentials (RFC 7617), the only scheme CalDAV clients all speak. */
function signInNeeded(): HttpError {
  return new HttpError(401, CALDAV_SIGN_IN_NEEDED, undefined, { "www-authenticate": `Basic realm="${CALDAV_REALM}", charset="UTF-8"` });
}

/** The user name and password of a Basic Authorization header, or null when there is none. */
export function basicCredentials(header: string | undefined): { username: string; password: string } | null {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header ?? "");
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

/** A collection's change tag: moves with every write the collection's members show. */
const tag = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 22);

/**
 * The CalDAV server's own service (issue 52, decision 133): who a calendar app is, by its device
 * password, counted against the sign-in limits like any password; and the state of a student's
 * calendars for their change tags and sync tokens, read from what every instance shares.
 */
export function createCaldavService(options: {
  transaction: RunInTransaction;
  authRateLimiter: Pick<ReturnType<typeof createAuthRateLimiter>, "signInAttempt">;
  school: Pick<SchoolRepository, "state">;
  clock: Clock;
}) {
  const { transaction, authRateLimiter, school, clock } = options;
  return {
    /**
     * The account a request's Basic credentials sign in to: the account's email address and one of
     * its device passwords (never the account's own password). A wrong pair counts toward the
     * sign-in limits of the address and the account; over them, 429.
     */
    async authenticate(authorization: string | undefined, ip: string): Promise<UserRow> {
      const credentials = basicCredentials(authorization);
      if (!credentials || !credentials.username || !credentials.password) throw signInNeeded();
      const attempt = await authRateLimiter.signInAttempt(credentials.username.trim().toLowerCase(), ip);
      const found = await transaction(async (tx) => {
        const password = await tx.devicePasswords.findByHash(hashDevicePassword(credentials.password));
        const user = password ? await tx.users.findById(password.userId) : undefined;
        if (!password || !user || user.email !== credentials.username.trim().toLowerCase()) return null;
        const now = clock();
        if (!password.lastUsedAt || now.getTime() - Date.parse(password.lastUsedAt) >= LAST_USE_PRECISION_MS) {
          await tx.devicePasswords.touch(password.id, now);
        }
        return user;
      });
      if (!found) throw signInNeeded();
      await attempt.succeeded();
      return found;
    },

    /**
     * A calendar's change tag (getctag) and sync token: the student's data version for their
     * events and tasks (bumped in the transaction of every write, on any instance); for the school's
     * calendar, the school's version and the schedule the student follows (its days off).
     */
    async calendarTag(user: UserRow, calendar: CalendarName): Promise<string> {
      if (calendar !== "school") {
        const fresh = await transaction((tx) => tx.users.findById(user.id));
        return `${calendar}-${fresh?.data_version ?? 0}`;
      }
      const [state, fresh] = await Promise.all([school.state(), transaction((tx) => tx.users.findById(user.id))]);
      return `school-${tag(`${state.versionTag}|${fresh?.schedule_source}|${fresh?.school_schedule}`)}`;
    },
  };
}
export type CaldavService = ReturnType<typeof createCaldavService>;
