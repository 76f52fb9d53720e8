import type { FastifyReply, FastifyRequest } from "fastify";
import type { TransactionScope } from "../repositories/transaction";
import { unauthorized } from "../errors";
import {
  hashSessionId,
  type LoadedSession,
  SESSION_ABSOLUTE_MS,
  type SessionsRepository,
  TOUCH_INTERVAL_MS,
} from "../repositories/sessions";
import type { SessionCache } from "./session-cache";

export const SESSION_COOKIE = "sid";

export interface SessionServiceOptions {
  sessions: SessionsRepository;
  /** Behind TLS (TRUST_PROXY) the cookie is Secure. */
  secureCookies: boolean;
  /** Sessions kept in memory (docs/decisions/093); without it every request reads the database. */
  cache?: SessionCache;
  /** The time sessions are judged by (tests move it past an expiry). */
  now?: () => Date;
  /** Waits until every committed change has reached the cache (ChangeFeed.settle). */
  settleChanges?: () => Promise<void>;
}

/**
 * A browser's session is two things that must change together: the row in the database and the
 * cookie naming it. Everything that starts, rotates or ends a session goes through here.
 *
 * Methods that take `tx` write through that transaction and set the cookie only once it commits,
 * so a rolled-back change never leaves the browser holding an id for a row that does not exist.
 */
export function createSessionService({
  sessions,
  secureCookies,
  cache,
  now = () => new Date(),
  settleChanges = async () => {},
}: SessionServiceOptions) {
  const cookieOptions = { httpOnly: true, sameSite: "lax", path: "/", secure: secureCookies } as const;

  function setCookie(request: FastifyRequest, reply: FastifyReply, id: string) {
    reply.setCookie(SESSION_COOKIE, id, { ...cookieOptions, maxAge: SESSION_ABSOLUTE_MS / 1000 });
    request.sessionId = id;
  }

  function attach(request: FastifyRequest, loaded: LoadedSession, id: string) {
    request.user = loaded.user;
    request.session = loaded.session;
    request.sessionId = id;
  }

  /** Last seen is written at most once a minute per session, never on every read. */
  const needsTouch = (loaded: LoadedSession, at: number) => at - Date.parse(loaded.session.last_seen_at) > TOUCH_INTERVAL_MS;

  function clearCookie(request: FastifyRequest, reply: FastifyReply) {
    reply.clearCookie(SESSION_COOKIE, cookieOptions);
    request.sessionId = null;
  }

  /**
   * The session `id` names and its user, when memory holds it and its last-seen time needs no
   * update; else undefined, and `resume` must run. Also the fast lane's one source (decision 096).
   */
  function fromMemory(id: string): LoadedSession | undefined {
    const at = now().getTime();
    const loaded = cache?.get(hashSessionId(id), at);
    return loaded && !needsTouch(loaded, at) ? loaded : undefined;
  }

  return {
    /**
     * Who is asking, when memory can say it without waiting: no cookie (a visitor), or a session
     * kept in memory (docs/decisions/093) whose last-seen time needs no update. Returns false when
     * `resume` must run instead; synchronous, so the common request makes no promise here.
     */
    resumeFromMemory(request: FastifyRequest): boolean {
      const id = request.cookies[SESSION_COOKIE];
      if (!id) return true;
      const loaded = fromMemory(id);
      if (!loaded) return false;
      attach(request, loaded, id);
      return true;
    },

    fromMemory,

    /**
     * Who is asking: loads the cookie's session and its user onto the request. A cookie naming
     * no live session (expired, signed out elsewhere) is cleared and the request is a visitor's.
     */
    async resume(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const id = request.cookies[SESSION_COOKIE];
      if (!id) return;
      const at = now();
      const idHash = hashSessionId(id);
      let loaded = cache?.get(idHash, at.getTime());
      if (loaded) {
        if (needsTouch(loaded, at.getTime())) {
          await sessions.touch(idHash, at);
          cache!.touched(idHash, at);
        }
      } else {
        const ticket = cache?.ticket();
        loaded = await sessions.load(id, at);
        if (!loaded) return clearCookie(request, reply);
        if (ticket !== undefined) cache!.fill(ticket, idHash, loaded, at.getTime());
      }
      attach(request, loaded, id);
    },

    /** Ends any session the browser had and starts a fresh one for `userId`: the id changes at sign-in. */
    async start(request: FastifyRequest, reply: FastifyReply, userId: number, tx?: TransactionScope): Promise<void> {
      const repo = tx?.sessions ?? sessions;
      if (request.sessionId) await repo.delete(request.sessionId);
      const { id } = await repo.create(userId, now());
      if (tx) tx.afterCommit(() => setCookie(request, reply, id));
      else setCookie(request, reply, id);
    },

    /**
     * Gives the current session a new id and a new CSRF token (against session fixation when its
     * privileges change), optionally recording the admin passcode step-up. A visitor gets 401.
     */
    async rotate(request: FastifyRequest, reply: FastifyReply, changes: { adminUnlockedAt?: Date | null } = {}): Promise<void> {
      const rotated = request.sessionId ? await sessions.rotate(request.sessionId, changes) : undefined;
      if (!rotated) throw unauthorized();
      const { id, csrfToken } = rotated;
      setCookie(request, reply, id);
      if (request.session) {
        request.session = {
          ...request.session,
          id_hash: hashSessionId(id),
          csrf_token: csrfToken,
          ...(changes.adminUnlockedAt !== undefined ? { admin_unlocked_at: changes.adminUnlockedAt?.toISOString() ?? null } : {}),
        };
      }
    },

    /** Sign-out: the row goes, and so does the cookie. */
    async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      if (request.sessionId) await sessions.delete(request.sessionId);
      clearCookie(request, reply);
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
