import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { messageRef } from "../../core/i18n/translate";
import { badRequest } from "../errors";

export const NULL_CHARACTER_MESSAGE = messageRef("server.text_null_character");
export const ILL_FORMED_TEXT_MESSAGE = messageRef("server.text_ill_formed");
export const TOO_DEEP_MESSAGE = messageRef("server.body_too_deep");

/** No request of ours nests deeper than a few levels; 32 leaves room and stops pathological input. */
export const MAX_NESTING_DEPTH = 32;

/** A lone surrogate: half of a UTF-16 pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type InputProblem = { message: string; field: string };

function textProblem(text: string): string | null {
  if (text.includes("\u0000")) return NULL_CHARACTER_MESSAGE;
  if (LONE_SURROGATE.test(text)) return ILL_FORMED_TEXT_MESSAGE;
  return null;
}

/**
 * The first problem in a parsed body or query, with the top-level field it sits under ("" when
 * the problem is the whole value): nesting deeper than MAX_NESTING_DEPTH, U+0000, or a lone
 * surrogate, in a value or a key. It walks with an explicit stack, never by recursion, so no
 * input can overflow the call stack.
 */
export function findInputProblem(value: unknown): InputProblem | null {
  const stack: Array<{ value: unknown; field: string; depth: number }> = [{ value, field: "", depth: 0 }];
  while (stack.length > 0) {
    const { value: current, field, depth } = stack.pop()!;
    if (typeof current === "string") {
      const message = textProblem(current);
      if (message) return { message, field };
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth >= MAX_NESTING_DEPTH) return { message: TOO_DEEP_MESSAGE, field: "" };
    if (Array.isArray(current)) {
      for (const item of current) stack.push({ value: item, field, depth: depth + 1 });
      continue;
    }
    for (const [key, item] of Object.entries(current)) {
      const keyMessage = textProblem(key);
      if (keyMessage) return { message: keyMessage, field: field || key };
      stack.push({ value: item, field: field || key, depth: depth + 1 });
    }
  }
  return null;
}

/**
 * PostgreSQL refuses U+0000 in text and stores a lone surrogate differently from SQLite, so such
 * text would fail deep in a query (500) or be stored changed, differently on each database. Deep
 * nesting costs work before any rate limit applies. Every request's body and query string is
 * checked once, up front, and such input is refused with a 400 on both databases.
 */
async function inputGuard(app: FastifyInstance) {
  // A callback hook, not an async one: the walk is synchronous, so no promise per request.
  app.addHook("preValidation", (request, _reply, done) => {
    for (const part of [request.body, request.query]) {
      const problem = findInputProblem(part);
      if (problem) return done(badRequest(problem.message, problem.field ? { [problem.field]: [problem.message] } : undefined));
    }
    done();
  });
}

export default fp(inputGuard, { name: "input-guard" });
