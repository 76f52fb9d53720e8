import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { parseScopedId, type ScopedId } from "../../core/calendar/scope-ids";
import {
  type CalendarEvent,
  createEventSchema,
  eventSchema,
  exceptionSchema,
  patchEventSchema,
  updateEventSchema,
} from "../../core/schemas/event";
import { listEtag } from "../http/conditional-get";
import { notFound, parseWith } from "../errors";
import { setGuardDefaults } from "../plugins/route-guards";
import { responseSchema } from "../response-schema";
import type { ListAnswers } from "../http/list-answers";
import type { Services } from "../services";
import { EVENT_NOT_FOUND } from "../services/event-series";
import { IDEMPOTENCY_KEY_HEADER } from "../services/idempotency";
import { requireUser } from "../http/request-context";
import { answerRow, answerStoredRow, ifMatch, rowEtag, withEtag } from "../row-etag";

const idParams = z.object({ id: z.string() });
const PLAIN_ID = /^[1-9]\d{0,9}$/;
const MAX_ID = 2 ** 31 - 1;

// Each event carries its ETag (decision 114): a client editing from the list sends it as If-Match.
const answeredEvent = eventSchema.extend({ etag: z.string() });
const eventJson = responseSchema(answeredEvent);
const eventListJson = responseSchema(z.array(answeredEvent));
const eventListEtag = listEtag("events", eventListJson);

/** The event id of the URL: a plain id, or (for PUT and DELETE) a scope-encoded one. Anything else is as missing as an unknown id. */
function eventTarget(params: unknown): { id: number } | { scoped: ScopedId } {
  const raw = idParams.safeParse(params);
  if (raw.success) {
    if (PLAIN_ID.test(raw.data.id) && Number(raw.data.id) <= MAX_ID) return { id: Number(raw.data.id) };
    const scoped = parseScopedId(raw.data.id);
    if (scoped) return { scoped };
  }
  throw notFound(EVENT_NOT_FOUND);
}

/**
 * A change to one date of a series answers the series' new ETag as `Series-ETag` (decision 114):
 * the client's next change to the same series, made on the version this one produced, sends it as
 * If-Match, so a student's own changes never conflict with each other. None once the series is gone.
 */
const SERIES_ETAG_HEADER = "series-etag";

function answerSeriesEtag(reply: FastifyReply, series: CalendarEvent | undefined): void {
  if (series) reply.header(SERIES_ETAG_HEADER, rowEtag(series));
}

function plainId(params: unknown): number {
  const target = eventTarget(params);
  if (!("id" in target)) throw notFound(EVENT_NOT_FOUND);
  return target.id;
}

/**
 * A user's own events (docs/product.md#event). Series operations that write several rows run in
 * one transaction in services/event-series.ts (docs/decisions/061).
 */
export default async function eventRoutes(
  app: FastifyInstance,
  { services, listAnswers }: { services: Services; listAnswers: ListAnswers },
) {
  const { events, eventSeries, idempotency } = services;
  setGuardDefaults(app, { auth: "user" });

  app.get("/api/events", { schema: { response: { 200: eventListJson } } }, async (request, reply) =>
    listAnswers.send(request, reply, {
      kind: "events",
      etag: eventListEtag,
      read: async (userId) => (await events.listForUser(userId)).map(withEtag),
    }),
  );
  // An unchanged list's 304, from memory (decision 096); a 200 needs the list, and goes through the route.
  app.hotRead("/api/events", { answer: (user) => ({ etag: eventListEtag(user) }) });

  app.get("/api/events/:id", { schema: { response: { 200: eventJson } } }, async (request, reply) => {
    const event = await events.findForUser(requireUser(request).id, plainId(request.params));
    if (!event) throw notFound(EVENT_NOT_FOUND);
    return answerRow(reply, event);
  });

  app.post("/api/events", { schema: { response: { 201: eventJson } } }, async (request, reply) => {
    const data = parseWith(createEventSchema, request.body);
    const userId = requireUser(request).id;
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    const answer = await idempotency.run({ userId, key, method: "POST", path: "/api/events", body: data }, async (tx) => ({
      statusCode: 201,
      body: await eventSeries.create(tx, userId, data),
    }));
    if (answer.replayed) reply.header("idempotent-replayed", "true");
    return reply.code(201).send(answerStoredRow(reply, answer.body));
  });

  // If-Match (decision 114): the write happens only while the event (for a scope-encoded id, its
  // series) is as the client last read it; else 412 with the current row.
  app.put("/api/events/:id", { schema: { response: { 200: eventJson } } }, async (request, reply) => {
    const target = eventTarget(request.params);
    const userId = requireUser(request).id;
    const data = parseWith(updateEventSchema, request.body);
    const precondition = ifMatch<CalendarEvent>(request.headers["if-match"]);
    if ("id" in target) return answerRow(reply, await eventSeries.update(userId, target.id, data, precondition));
    const { shown, series } = await eventSeries.editScoped(userId, target.scoped, data, precondition);
    answerSeriesEtag(reply, series);
    return answerRow(reply, shown);
  });

  app.patch("/api/events/:id", { schema: { response: { 200: eventJson } } }, async (request, reply) => {
    const id = plainId(request.params);
    const { customEndDate } = parseWith(patchEventSchema, request.body);
    const precondition = ifMatch<CalendarEvent>(request.headers["if-match"]);
    return answerRow(reply, await eventSeries.setEndDate(requireUser(request).id, id, customEndDate, precondition));
  });

  app.delete("/api/events/:id", async (request, reply: FastifyReply) => {
    const target = eventTarget(request.params);
    const userId = requireUser(request).id;
    const precondition = ifMatch<CalendarEvent>(request.headers["if-match"]);
    if ("id" in target) {
      await eventSeries.delete(userId, target.id, precondition);
    } else {
      answerSeriesEtag(reply, (await eventSeries.deleteScoped(userId, target.scoped, precondition)).series);
    }
    return reply.code(204).send();
  });

  app.post("/api/events/:id/exception", { schema: { response: { 201: eventJson, 204: { type: "null" } } } }, async (request, reply) => {
    const id = plainId(request.params);
    const { exceptionDate } = parseWith(exceptionSchema, request.body);
    const exception = await eventSeries.addException(requireUser(request).id, id, exceptionDate);
    // null: that was the series' last date, and the series went with it (docs/decisions/061).
    return exception ? reply.code(201).send(answerRow(reply, exception)) : reply.code(204).send();
  });
}
