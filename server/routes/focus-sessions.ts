import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  createFocusSessionSchema,
  FOCUS_STATS_MAX_DAYS,
  focusSessionSchema,
  focusSessionsQuerySchema,
  focusStatsSchema,
} from "../../core/schemas/focus";
import { dateRangeQuerySchema } from "../../core/schemas/school";
import { notFound, parseWith } from "../errors";
import { requireUser } from "../http/request-context";
import { setGuardDefaults } from "../plugins/route-guards";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";
import { FOCUS_SESSION_NOT_FOUND } from "../services/focus-sessions";
import { IDEMPOTENCY_KEY_HEADER } from "../services/idempotency";

const sessionJson = responseSchema(focusSessionSchema);
const sessionListJson = responseSchema(z.array(focusSessionSchema));
const statsJson = responseSchema(focusStatsSchema);
const statsRange = dateRangeQuerySchema(FOCUS_STATS_MAX_DAYS);
const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** The focus timer's sessions (issue 51): the signed-in student's own. */
export default async function focusSessionRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { focusSessions, idempotency } = services;
  setGuardDefaults(app, { auth: "user" });

  // A session the timer ended, sent once (the Idempotency-Key makes a retry after a lost answer harmless).
  app.post("/api/focus-sessions", { schema: { response: { 201: sessionJson } } }, async (request, reply) => {
    const data = parseWith(createFocusSessionSchema, request.body);
    const userId = requireUser(request).id;
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    const answer = await idempotency.run({ userId, key, method: "POST", path: "/api/focus-sessions", body: data }, async (tx) => ({
      statusCode: 201,
      body: await focusSessions.createIn(tx, userId, data),
    }));
    if (answer.replayed) reply.header("idempotent-replayed", "true");
    return reply.code(201).send(answer.body);
  });

  app.get("/api/focus-sessions", { schema: { response: { 200: sessionListJson } } }, async (request) => {
    const { from, to } = parseWith(focusSessionsQuerySchema, request.query);
    return focusSessions.list(requireUser(request).id, from, to);
  });

  // Where the time went (the week and month charts): at most a year at a time.
  app.get("/api/user/focus-stats", { schema: { response: { 200: statsJson } } }, async (request) => {
    const { from, to } = parseWith(statsRange, request.query);
    return focusSessions.stats(requireUser(request).id, from, to);
  });

  app.delete("/api/focus-sessions/:id", async (request, reply) => {
    const parsed = idParams.safeParse(request.params);
    if (!parsed.success) throw notFound(FOCUS_SESSION_NOT_FOUND);
    await focusSessions.delete(requireUser(request).id, parsed.data.id);
    return reply.code(204).send();
  });
}
