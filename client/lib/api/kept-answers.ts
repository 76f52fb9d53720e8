/**
 * The conditional-GET cache: the last answer of each GET, with its ETag. The no-cache headers
 * keep the browser's HTTP cache out of the way (and the server sends no-store), so this in-memory
 * copy is what lets a list read be answered 304 with no body: the query function sends
 * If-None-Match and reuses the copy (docs/decisions/066). Memory only, never storage: the next
 * person on a shared computer finds nothing.
 */
const lastAnswers = new Map<string, { etag: string; text: string }>();

export function keptAnswer(url: string): { etag: string; text: string } | undefined {
  return lastAnswers.get(url);
}

/** Keeps an answer that came with an ETag; an answer without one (or empty) drops the old copy. */
export function keepAnswer(url: string, etag: string | null, text: string): void {
  if (etag && text) lastAnswers.set(url, { etag, text });
  else lastAnswers.delete(url);
}

export function dropAnswer(url: string): void {
  lastAnswers.delete(url);
}

/** Forget every kept answer (the session changed); part of forgetSession (session-expiry.ts). */
export function forgetKeptAnswers(): void {
  lastAnswers.clear();
}
