import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { SchoolSchedule } from "../../core/school-day";
import {
  AGENDA_MAX_RANGE_DAYS,
  agendaDaySchema,
  dateRangeQuerySchema,
  SCHOOL_EVENTS_MAX_RANGE_DAYS,
  schoolEventInputSchema,
  schoolEventSchema,
} from "../../core/schemas/school";
import { schoolScheduleSchema } from "../../core/schemas/school-schedule";
import { schoolEtag, sendIfNotModified } from "../http/conditional-get";
import { notFound, parseWith } from "../errors";
import { setGuardDefaults } from "../plugins/route-guards";
import { requireUser } from "../http/request-context";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";
import { SCHOOL_EVENT_NOT_FOUND } from "../services/school";

const eventJson = responseSchema(schoolEventSchema);
const eventListJson = responseSchema(z.array(schoolEventSchema));
const agendaJson = responseSchema(z.array(agendaDaySchema));

// The school's schedule is answered as stored (it passed the schema on its way in): its format is the schema's.
const scheduleEtag = schoolEtag("school-schedule", "school-schedule-v1");
const eventsEtag = schoolEtag("school-events", eventListJson);
const agendaEtag = schoolEtag("agenda", agendaJson);

const eventsRange = dateRangeQuerySchema(SCHOOL_EVENTS_MAX_RANGE_DAYS);
const agendaRange = dateRangeQuerySchema(AGENDA_MAX_RANGE_DAYS);

const idParams = z.object({
  id: z.coerce
    .number({ error: SCHOOL_EVENT_NOT_FOUND })
    .int(SCHOOL_EVENT_NOT_FOUND)
    .positive(SCHOOL_EVENT_NOT_FOUND)
    .max(2 ** 31 - 1, SCHOOL_EVENT_NOT_FOUND),
});

/** The :id; a malformed id is as missing as an unknown one. */
function eventId(params: unknown): number {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw notFound(SCHOOL_EVENT_NOT_FOUND);
  return parsed.data.id;
}

/**
 * The school's own day (docs/product.md#school-day, decision 112): any signed-in user reads the
 * school's schedule and events and their own agenda; an unlocked admin publishes (CSRF on every
 * write, the guards' default; each write audited and bumping the school's version). Every read
 * carries the school's version in its ETag, so a publish turns a 304 into a 200.
 */
export default async function schoolRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { schoolDay } = services;
  setGuardDefaults(app, { auth: "user" });
  const staff = { config: { auth: "admin-unlocked" as const } };

  // Nothing published yet is an answer, not an error (issue 49): null, which every Home asks for
  // without a console error until staff publish; the version in the ETag turns it into the schedule.
  app.get("/api/school/schedule", async (request, reply): Promise<SchoolSchedule | null | typeof reply> => {
    const state = await schoolDay.state();
    if (sendIfNotModified(request, reply, scheduleEtag(state.versionTag, null))) return reply;
    return reply.type("application/json; charset=utf-8").send(state.schedule ? JSON.stringify(state.schedule) : "null");
  });

  app.put("/api/admin/school/schedule", staff, async (request): Promise<SchoolSchedule> => {
    const schedule = parseWith(schoolScheduleSchema, request.body);
    return schoolDay.publishSchedule(requireUser(request), schedule);
  });

  app.get("/api/school/events", { schema: { response: { 200: eventListJson } } }, async (request, reply) => {
    const { from, to } = parseWith(eventsRange, request.query);
    const { versionTag } = await schoolDay.state();
    if (sendIfNotModified(request, reply, eventsEtag(versionTag, null, from, to))) return reply;
    return schoolDay.listEvents(from, to);
  });

  app.post("/api/admin/school/events", { ...staff, schema: { response: { 201: eventJson } } }, async (request, reply) => {
    const data = parseWith(schoolEventInputSchema, request.body);
    return reply.code(201).send(await schoolDay.createEvent(requireUser(request), data));
  });

  app.put("/api/admin/school/events/:id", { ...staff, schema: { response: { 200: eventJson } } }, async (request) => {
    const id = eventId(request.params);
    const data = parseWith(schoolEventInputSchema, request.body);
    return schoolDay.updateEvent(requireUser(request), id, data);
  });

  app.delete("/api/admin/school/events/:id", staff, async (request, reply) => {
    await schoolDay.deleteEvent(requireUser(request), eventId(request.params));
    return reply.code(204).send();
  });

  // From the student's data version (classes, own schedule, schedule source) and the school's.
  app.get("/api/user/agenda", { schema: { response: { 200: agendaJson } } }, async (request, reply) => {
    const { from, to } = parseWith(agendaRange, request.query);
    const user = requireUser(request);
    const state = await schoolDay.state();
    if (sendIfNotModified(request, reply, agendaEtag(state.versionTag, user, from, to))) return reply;
    return schoolDay.agenda(user, state, from, to);
  });
}
