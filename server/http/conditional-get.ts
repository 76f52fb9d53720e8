import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { SessionUser } from "../repositories/sessions";

/**
 * Conditional reads of a student's lists (docs/decisions/066): a strong ETag, and 304 with no body
 * when the browser already holds that version.
 */

const digest = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 27);

/**
 * The ETag of one of a user's lists, from the user's data version: no list read is needed to know
 * whether it changed. The answer's format (its JSON schema) is part of the tag, so a deploy that
 * changes what a task looks like changes every tag; the account's creation time is too, so a
 * database rebuilt from scratch that hands out the same user id and version again cannot match.
 */
export function listEtag(kind: string, responseSchema: unknown): (user: SessionUser) => string {
  const format = digest(JSON.stringify(responseSchema));
  return oncePerUser((user) => `"${kind}-${digest(`${format}|${user.id}|${user.created_at}|${user.data_version}`)}"`);
}

/**
 * The ETag of an answer that depends on the school (decision 112): from the school's version tag
 * (every publish bumps it, server/repositories/school.ts), the user's data version when the answer
 * is a user's too (the agenda: their classes, their own schedule, their schedule source), and the
 * request's own parts (a range). Like a list's, the answer's format is part of it.
 */
export function schoolEtag(
  kind: string,
  responseSchema: unknown,
): (schoolVersionTag: string, user: SessionUser | null, ...parts: string[]) => string {
  const format = digest(JSON.stringify(responseSchema));
  return (schoolVersionTag, user, ...parts) => {
    const mine = user ? `${user.id}|${user.created_at}|${user.data_version}` : "";
    return `"${kind}-${digest([format, schoolVersionTag, mine, ...parts].join("|"))}"`;
  };
}

/**
 * `compute`, worked out once per user object. A session kept in memory hands every request the
 * same frozen user until something about the user changes, and then a new object (decision 093),
 * so the object itself says whether what was worked out from it still holds; a user read from the
 * database is a new object and is worked out afresh.
 */
export function oncePerUser<T>(compute: (user: SessionUser) => T): (user: SessionUser) => T {
  const results = new WeakMap<SessionUser, T>();
  return (user) => {
    if (results.has(user)) return results.get(user)!;
    const result = compute(user);
    results.set(user, result);
    return result;
  };
}

/** The ETag of a small answer, from its own bytes: the signed-in user (/api/user). */
export function contentEtag(kind: string, body: unknown): string {
  return `"${kind}-${digest(JSON.stringify(body))}"`;
}

/** If-None-Match matches when it names the tag (compared weakly, as RFC 9110 §13.1.2 asks) or is `*`. */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  for (const part of header.split(",")) {
    const tag = part.trim();
    if (tag === "*" || tag === etag || (tag.startsWith("W/") && tag.slice(2) === etag)) return true;
  }
  return false;
}

/**
 * Sets the ETag and answers 304 when the request's If-None-Match already names it. Returns true
 * when the reply was sent (the handler then returns `reply` and reads nothing more).
 */
export function sendIfNotModified(request: FastifyRequest, reply: FastifyReply, etag: string): boolean {
  reply.header("etag", etag);
  if (!ifNoneMatchMatches(request.headers["if-none-match"], etag)) return false;
  reply.code(304).send();
  return true;
}
