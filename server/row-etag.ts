import { createHash } from "node:crypto";
import { messageRef } from "../core/i18n/translate";
import { HttpError } from "./errors";

/** 412: the row changed since the client read it (If-Match, decision 114). */
export const CHANGED_ELSEWHERE = messageRef("server.changed_elsewhere");

/**
 * A task's or an event's ETag (decision 114): a digest of the row as the API answers it, so it
 * moves with every change a client could see, on whichever instance or device it was made, and
 * needs no column. Strong: two rows with the same ETag answer the same bytes.
 */
export function rowEtag(row: object): string {
  return `"${createHash("sha256").update(JSON.stringify(row)).digest("base64url").slice(0, 22)}"`;
}

/** The row as answered: with its ETag as `etag`, so a client editing from a list can send If-Match. */
export function withEtag<T extends object>(row: T): T & { etag: string } {
  return { ...row, etag: rowEtag(row) };
}

/**
 * A write's precondition from its If-Match header, or undefined without one. Checked inside the
 * write's transaction against the row as it is then (locked on PostgreSQL): a mismatch answers 412
 * with the current row, an absent row (already deleted) is left to the caller.
 */
export type Precondition<T extends object> = (current: T) => void;

export function ifMatch<T extends object>(header: string | string[] | undefined): Precondition<T> | undefined {
  if (header === undefined) return undefined;
  const tags = (Array.isArray(header) ? header.join(",") : header)
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);
  if (tags.includes("*")) return () => {};
  return (current) => {
    const etag = rowEtag(current);
    // RFC 9110 §13.1.1: If-Match compares strongly, so a weak tag never matches.
    if (!tags.includes(etag)) throw new HttpError(412, CHANGED_ELSEWHERE, undefined, { etag }, { current: withEtag(current) });
  };
}

/** A single-row answer: its ETag as the header, and in the body as for list items. */
export function answerRow<T extends object>(reply: { header(name: string, value: string): unknown }, row: T): T & { etag: string } {
  const answered = withEtag(row);
  reply.header("etag", answered.etag);
  return answered;
}

/** An answer stored for an Idempotency-Key replay (with or without its `etag`, as stored before decision 114): answered anew. */
export function answerStoredRow(reply: { header(name: string, value: string): unknown }, stored: unknown): object {
  const row = { ...(stored as Record<string, unknown>) };
  delete row.etag;
  return answerRow(reply, row);
}
