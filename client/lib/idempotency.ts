/**
 * One Idempotency-Key per form submission (docs/decisions/052): the same values submitted again
 * from the same open form (a retry after "Request timed out") reuse the key, so the server
 * replays its first answer instead of creating twice; changed values get a new key.
 */
export function createSubmissionKeys() {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(request: unknown): string {
      const body = JSON.stringify(request);
      if (last?.body !== body) last = { body, key: newIdempotencyKey() };
      return last.key;
    },
  };
}

/** 128 random bits as hex. getRandomValues works on plain http too, unlike crypto.randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
