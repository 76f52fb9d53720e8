import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { announcementInputSchema, announcementProgressSchema, schoolAnnouncementSchema } from "../../core/schemas/announcements";
import { notFound, parseWith } from "../errors";
import { setGuardDefaults } from "../plugins/route-guards";
import { requireUser } from "../http/request-context";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";
import { ANNOUNCEMENT_NOT_FOUND } from "../services/announcements";
import { IDEMPOTENCY_KEY_HEADER } from "../services/idempotency";

const progressJson = responseSchema(announcementProgressSchema);
const progressListJson = responseSchema(z.array(announcementProgressSchema));
const readerListJson = responseSchema(z.array(schoolAnnouncementSchema));
const createdJson = responseSchema(z.object({ id: z.number().int() }));

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/**
 * The school's announcements (docs/product.md#school-day, decision 113): an unlocked admin writes
 * one (CSRF, the guards' default; audited) and is answered 202 while the instances' workers push
 * it; staff follow its progress, counted in devices; every signed-in user reads the last 30 days'
 * meant for them.
 */
export default async function announcementRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { announcements, idempotency } = services;
  setGuardDefaults(app, { auth: "user" });
  const staff = { config: { auth: "admin-unlocked" as const } };

  // An Idempotency-Key makes a retried send (a double tap, a lost answer) one announcement, not two (decision 052).
  app.post("/api/admin/announcements", { ...staff, schema: { response: { 202: createdJson } } }, async (request, reply) => {
    const input = parseWith(announcementInputSchema, request.body);
    const admin = requireUser(request);
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    const answer = await idempotency.run(
      { userId: admin.id, key, method: "POST", path: "/api/admin/announcements", body: input },
      async (tx) => ({ statusCode: 202, body: { id: await announcements.createIn(tx, admin, input) } }),
    );
    if (answer.replayed) reply.header("idempotent-replayed", "true");
    return reply.code(202).send(answer.body);
  });

  app.get("/api/admin/announcements", { ...staff, schema: { response: { 200: progressListJson } } }, async (request, reply) => {
    // Progress moves while the page polls it: never from a cache.
    reply.header("cache-control", "no-store");
    return announcements.list();
  });

  app.get("/api/admin/announcements/:id", { ...staff, schema: { response: { 200: progressJson } } }, async (request, reply) => {
    const parsed = idParams.safeParse(request.params);
    if (!parsed.success) throw notFound(ANNOUNCEMENT_NOT_FOUND);
    reply.header("cache-control", "no-store");
    return announcements.find(parsed.data.id);
  });

  app.get("/api/school/announcements", { schema: { response: { 200: readerListJson } } }, async (request) =>
    announcements.forReader(requireUser(request)),
  );
}
