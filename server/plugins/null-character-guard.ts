import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { badRequest } from "../errors";

const NULL_CHARACTER = "\u0000";
export const NULL_CHARACTER_MESSAGE = "Text must not contain the null character (\\u0000)";

/** The top-level field under which a string holding U+0000 sits, or null when there is none. */
export function fieldWithNullCharacter(value: unknown, field = ""): string | null {
  if (typeof value === "string") return value.includes(NULL_CHARACTER) ? field : null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = fieldWithNullCharacter(item, field);
      if (found !== null) return found;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(NULL_CHARACTER)) return field || key;
      const found = fieldWithNullCharacter(item, field || key);
      if (found !== null) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL refuses U+0000 in text (SQLite would store it), so a title such as "a\u0000b" would
 * fail deep in a query with a 500 on one database and not the other. Every request's body and
 * query string is checked once, up front, and such input is refused with a 400 on both.
 */
async function nullCharacterGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => {
    for (const part of [request.body, request.query]) {
      const field = fieldWithNullCharacter(part);
      if (field !== null) throw badRequest(NULL_CHARACTER_MESSAGE, field ? { [field]: [NULL_CHARACTER_MESSAGE] } : undefined);
    }
  });
}

export default fp(nullCharacterGuard, { name: "null-character-guard" });
