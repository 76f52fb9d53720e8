import type { z } from "zod";
import { messageRef } from "../core/i18n/translate";
import { fieldErrors } from "../core/schemas/field-errors";

/**
 * The one error shape (docs/product.md#error-shape): `{ message, code?, params?, errors? }` with the
 * status beside it. `message` is a message reference (`messageRef("server.task_not_found")`), which
 * the error handler words in the request's language and sends its id as `code` (decision 109; every
 * code is listed in docs/error-codes.md).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
    /** More fields of the answer beside the worded message (a 412's `current` row). */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string[]>) => new HttpError(400, message, errors);
export const unauthorized = (message = messageRef("server.not_signed_in")) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message = messageRef("server.not_found")) => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string[]>) => new HttpError(409, message, errors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** How long a client is asked to wait after a 503 (the database is unreachable or too slow). */
export const RETRY_AFTER_SECONDS = 5;
export const SERVICE_UNAVAILABLE = messageRef("server.service_unavailable");
export const serviceUnavailable = () => new HttpError(503, SERVICE_UNAVAILABLE, undefined, { "retry-after": String(RETRY_AFTER_SECONDS) });

/** Validates a request part with a shared zod schema; the first message becomes the summary. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  const first = result.error.issues[0];
  const message = first ? first.message : messageRef("validation.invalid_request");
  throw badRequest(message, errors);
}
