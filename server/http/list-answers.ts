import type { FastifyReply, FastifyRequest } from "fastify";
import { sendIfNotModified } from "./conditional-get";
import type { SessionUser } from "../repositories/sessions";
import { requireUser } from "./request-context";

/** What the serialized lists kept in memory may take, all users together. */
export const LIST_ANSWERS_MAX_BYTES = 16 * 1024 * 1024;

/** The type of every JSON answer sent as text already serialized (kept lists, the fast lane). */
export const JSON_TYPE = "application/json; charset=utf-8";

interface KeptAnswer {
  etag: string;
  body: string;
}

/**
 * A student's list reads (docs/decisions/066): 304 when the browser holds the current version,
 * else the serialized list, kept in memory so the next read of an unchanged list skips the
 * query and the serializer.
 *
 * A kept answer is found by user and list, and used only when its ETag is the one the user's data
 * version gives now. That version comes with the request's session: the one this instance keeps in
 * memory, or else read from the database (decision 093). The change feed moves a kept session's
 * version forward (or drops the session) as each write commits, on whichever instance it was made,
 * so such a write makes the kept answer unusable as soon as this instance hears of it; while the
 * feed is not live, no session is kept and the version is read from the database. The version is
 * read before the list: a write landing between the two can only make a kept answer newer than its
 * tag (one extra refetch later), never older.
 *
 * Memory is bounded: least recently used answers go first once `maxBytes` is reached, and an
 * answer larger than a quarter of it is never kept.
 */
export function createListAnswers(maxBytes = LIST_ANSWERS_MAX_BYTES) {
  const kept = new Map<string, KeptAnswer>();
  let keptBytes = 0;
  const sizeOf = (answer: KeptAnswer) => answer.body.length * 2 + answer.etag.length * 2;

  function forget(key: string) {
    const answer = kept.get(key);
    if (!answer) return;
    kept.delete(key);
    keptBytes -= sizeOf(answer);
  }

  function keep(key: string, answer: KeptAnswer) {
    forget(key);
    const size = sizeOf(answer);
    if (size > maxBytes / 4) return;
    while (keptBytes + size > maxBytes && kept.size > 0) forget(kept.keys().next().value!);
    kept.set(key, answer);
    keptBytes += size;
  }

  return {
    async send<T>(
      request: FastifyRequest,
      reply: FastifyReply,
      list: { kind: string; etag: (user: SessionUser) => string; read: (userId: number) => Promise<T[]> },
    ): Promise<FastifyReply> {
      const user = requireUser(request);
      const etag = list.etag(user);
      if (sendIfNotModified(request, reply, etag)) return reply;
      const key = `${list.kind}:${user.id}`;
      const hit = kept.get(key);
      if (hit?.etag === etag) {
        // Re-inserted: the Map's order is least recently used first.
        kept.delete(key);
        kept.set(key, hit);
        return reply.type(JSON_TYPE).send(hit.body);
      }
      // The route's compiled serializer (its response schema), as for any other answer.
      const body = reply.serialize(await list.read(user.id)) as string;
      keep(key, { etag, body });
      return reply.type(JSON_TYPE).send(body);
    },

    /** For tests and the bench: how many answers, and how many bytes, are kept. */
    stats: () => ({ answers: kept.size, bytes: keptBytes }),
  };
}
export type ListAnswers = ReturnType<typeof createListAnswers>;
