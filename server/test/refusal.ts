import { inEnglish } from "../../core/test/in-english";

/**
 * The error body the server sends for a message reference, in English (decision 109): its words,
 * its id as `code`, its values as `params`, and the field messages if any.
 */
export function refusal(ref: string, errors?: Record<string, string[]>) {
  const space = ref.indexOf(" ");
  const code = space < 0 ? ref : ref.slice(0, space);
  return {
    message: inEnglish(ref),
    code,
    ...(space < 0 ? {} : { params: JSON.parse(ref.slice(space + 1)) as Record<string, unknown> }),
    ...(errors
      ? { errors: Object.fromEntries(Object.entries(errors).map(([field, list]) => [field, list.map((m) => inEnglish(m))])) }
      : {}),
  };
}
