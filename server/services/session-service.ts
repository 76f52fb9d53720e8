import type { TransactionScope } from "../repositories/transaction";
import { unauthorized } from "../errors";
import { hashSessionId, type LoadedSession, type SessionsRepository, TOUCH_INTERVAL_MS } from "../repositories/sessions";
import type { Browser } from "./browser";
import type { SessionCache } from "./session-cache";

export const SESSION_COOKIE = "sid";

export interface SessionServiceOptions {
  sessions: SessionsRepository;
  /** Sessions kept in memory (docs/decisions/093); without it every request reads the database. */
  cache?: SessionCache;
  /** The time sessions are judged by (tests move it past an expiry). */
  now?: () => Date;
  /** Waits until every committed change has reached the cache (ChangeFeed.settle). */
  settleChanges?: () => Promise<void>;
}

/**
 * A browser's session is two things that must change together: the row in the database and the
 * cookie naming it. Everything that starts, rotates or ends a session goes through here; the
 * cookie is the HTTP layer's (`Browser.holdSession`, server/http/browser.ts).
 *
 * Methods that take `tx` write through that transaction and hand the browser its session only once
 * it commits, so a rolled-back change never leaves the browser holding an id for a row that does
 * not exist.
 */
export function createSessionService({ sessions, cache, now = () => new Date(), settleChanges = async () => {} }: SessionServiceOptions) {
  /** Last seen is written at most once a minute per session, never on every read. */
  const needsTouch = (loaded: LoadedSession, at: number) => at - Date.parse(loaded.session.last_seen_at) > TOUCH_INTERVAL_MS;

  /**
   * The session `id` names and its user, when memory holds it and its last-seen time needs no
   * update; else undefined, and `load` must run. Also the fast lane's one source (decision 096).
   */
  function fromMemory(id: string): LoadedSession | undefined {
    const at = now().getTime();
    const loaded = cache?.get(hashSessionId(id), at);
    return loaded && !needsTouch(loaded, at) ? loaded : undefined;
  }

  return {
    fromMemory,

    /**
     * The live session `id` names and its user, from memory or the database (its last-seen time
     * written at most once a minute), or undefined when it names none (expired, signed out
     * elsewhere): the HTTP layer then clears the cookie and the request is a visitor's.
     */
    async load(id: string): Promise<LoadedSession | undefined> {
      const at = now();
      const idHash = hashSessionId(id);
      let loaded = cache?.get(idHash, at.getTime());
      if (loaded) {
        if (needsTouch(loaded, at.getTime())) {
          await sessions.touch(idHash, at);
          cache!.touched(idHash, at);
        }
        return loaded;
      }
      const ticket = cache?.ticket();
      loaded = await sessions.load(id, at);
      if (loaded && ticket !== undefined) cache!.fill(ticket, idHash, loaded, at.getTime());
      return loaded;
    },

    /** Ends any session the browser had and starts a fresh one for `userId`: the id changes at sign-in. */
    async start(browser: Browser, userId: number, tx?: TransactionScope): Promise<void> {
      const repo = tx?.sessions ?? sessions;
      if (browser.sessionId) await repo.delete(browser.sessionId);
      const { id } = await repo.create(userId, now());
      if (tx) tx.afterCommit(() => browser.holdSession(id));
      else browser.holdSession(id);
    },

    /**
     * Gives the current session a new id and a new CSRF token (against session fixation when its
     * privileges change), optionally recording the admin passcode step-up. A visitor gets 401.
     */
    async rotate(browser: Browser, changes: { adminUnlockedAt?: Date | null } = {}): Promise<void> {
      const rotated = browser.sessionId ? await sessions.rotate(browser.sessionId, changes) : undefined;
      if (!rotated) throw unauthorized();
      const { id, csrfToken } = rotated;
      const session = browser.session && {
        ...browser.session,
        id_hash: hashSessionId(id),
        csrf_token: csrfToken,
        ...(changes.adminUnlockedAt !== undefined ? { admin_unlocked_at: changes.adminUnlockedAt?.toISOString() ?? null } : {}),
      };
      browser.holdSession(id, session ?? undefined);
    },

    /** Sign-out: the row goes, and so does the cookie. */
    async end(browser: Browser): Promise<void> {
      if (browser.sessionId) await sessions.delete(browser.sessionId);
      browser.forgetSession();
    },

    /** Resolves once this instance has applied every session and user change committed so far. */
    settle(): Promise<void> {
      return settleChanges();
    },

    /** Ends every session of an account (password change, an admin's reset or deletion). */
    async endAllForUser(userId: number, tx?: TransactionScope): Promise<void> {
      await (tx?.sessions ?? sessions).deleteAllForUser(userId);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
