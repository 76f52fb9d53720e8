import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  createLmsFeedSchema,
  type LmsFeed,
  LMS_FEED_MODES,
  lmsFeedImportSchema,
  lmsFeedSchema,
  updateLmsFeedSchema,
} from "../../core/schemas/lms-feeds";
import { wordMessageRef } from "../../core/i18n/translate";
import type { LmsFeedRow } from "../db/schema";
import { notFound, parseWith } from "../errors";
import { i18nFor, requestLocale } from "../i18n";
import { setGuardDefaults } from "../plugins/route-guards";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";
import { failureMessage, LMS_FEED_NOT_FOUND, urlHint } from "../services/lms-feeds";
import { requireUser } from "../http/request-context";

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});
const feedJson = responseSchema(lmsFeedSchema);
const feedListJson = responseSchema(z.array(lmsFeedSchema));
const importJson = responseSchema(lmsFeedImportSchema);

function feedId(params: unknown): number {
  const parsed = idParams.safeParse(params);
  if (!parsed.success) throw notFound(LMS_FEED_NOT_FOUND);
  return parsed.data.id;
}

/** A feed as the API answers it: never its full address (decision 117). */
function feedView(row: LmsFeedRow, request: FastifyRequest): LmsFeed {
  return {
    id: row.id,
    name: row.name,
    urlHint: urlHint(row.url),
    mode: LMS_FEED_MODES.find((mode) => mode === row.mode) ?? "assignments",
    status: row.status === "paused" ? "paused" : "active",
    itemCount: row.item_count,
    lastSuccessAt: row.last_success_at,
    lastError: row.last_error
      ? wordMessageRef(i18nFor(requestLocale(request)), failureMessage(row.last_error, row.last_error_status))
      : null,
    failures: row.failures,
  };
}

/** GET/POST /api/user/feeds, PUT/DELETE /api/user/feeds/{id}, POST /api/user/feeds/{id}/refresh: the owner's only. */
export default async function lmsFeedRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { lmsFeeds } = services;
  setGuardDefaults(app, { auth: "user" });

  app.get("/api/user/feeds", { schema: { response: { 200: feedListJson } } }, async (request) =>
    (await lmsFeeds.list(requireUser(request).id)).map((row) => feedView(row, request)),
  );

  app.post("/api/user/feeds", { schema: { response: { 201: importJson } } }, async (request, reply) => {
    const input = parseWith(createLmsFeedSchema, request.body);
    const { feed, imported, skipped } = await lmsFeeds.create(requireUser(request).id, input);
    return reply.code(201).send({ feed: feedView(feed, request), imported, skipped });
  });

  app.put("/api/user/feeds/:id", { schema: { response: { 200: feedJson } } }, async (request) => {
    const id = feedId(request.params);
    const changes = parseWith(updateLmsFeedSchema, request.body);
    return feedView(await lmsFeeds.update(requireUser(request).id, id, changes), request);
  });

  app.delete("/api/user/feeds/:id", async (request, reply) => {
    await lmsFeeds.delete(requireUser(request).id, feedId(request.params));
    return reply.code(204).send();
  });

  app.post("/api/user/feeds/:id/refresh", { schema: { response: { 200: importJson } } }, async (request) => {
    const { feed, imported, skipped } = await lmsFeeds.refreshNow(requireUser(request).id, feedId(request.params));
    return { feed: feedView(feed, request), imported, skipped };
  });
}
