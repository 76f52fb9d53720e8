import { z } from "zod";

/** An optional text field of a request: trimmed, at most `max` characters, blank becomes null (so "" never lands in the database). */
export function optionalText(max: number, tooLong: string, notText: string) {
  return z
    .string({ error: notText })
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));
}
