import type { FastifyInstance, FastifyRequest } from "fastify";
import { calendarFeedStateSchema, type CalendarFeedState } from "../../core/schemas/calendar-feed";
import { todayIn } from "../../core/dates";
import { notFound } from "../errors";
import { userLocale } from "../i18n";
import { setGuardDefaults } from "../plugins/route-guards";
import { responseSchema } from "../response-schema";
import type { Services } from "../services";
import { requestOrigin, requireUser } from "../http/request-context";

const stateJson = responseSchema(calendarFeedStateSchema);
/** Calendar apps poll every few hours; a device or two per student, and some retrying, stay far under this. */
const FEED_REQUESTS_PER_HOUR = 120;

/**
 * The calendar feed (docs/product.md#calendar-feed, decision 092): the student's own switch, and
 * the feed itself at /feed/{token}.ics, which needs no session (a calendar app has none).
 */
export default async function calendarFeedRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { calendarFeed, config } = services;

  const origin = (request: FastifyRequest) => config.publicUrl ?? requestOrigin(request);
  const host = (request: FastifyRequest) => new URL(origin(request)).hostname;
  const feedUrl = (request: FastifyRequest, token: string) => `${origin(request)}/feed/${token}.ics`;

  await app.register(async (owner) => {
    setGuardDefaults(owner, { auth: "user" });
    owner.get("/api/calendar-feed", { schema: { response: { 200: stateJson } } }, async (request): Promise<CalendarFeedState> => {
      const token = await calendarFeed.token(requireUser(request).id);
      return { enabled: token !== null, url: token ? feedUrl(request, token) : null };
    });
    owner.post("/api/calendar-feed", { schema: { response: { 200: stateJson } } }, async (request): Promise<CalendarFeedState> => {
      const token = await calendarFeed.enable(requireUser(request).id);
      return { enabled: true, url: feedUrl(request, token) };
    });
    owner.delete("/api/calendar-feed", { schema: { response: { 200: stateJson } } }, async (request): Promise<CalendarFeedState> => {
      await calendarFeed.disable(requireUser(request).id);
      return { enabled: false, url: null };
    });
    // The same calendar as the feed, as a download (Settings → Download my data).
    owner.get("/api/user/export.ics", async (request, reply) => {
      const user = requireUser(request);
      const body = await calendarFeed.calendarFor(user.id, host(request), userLocale(user.locale));
      return reply
        .type("text/calendar; charset=utf-8")
        .header("content-disposition", `attachment; filename="student-hub-${todayIn(config.timeZone)}.ics"`)
        .send(body);
    });
  });

  await app.register(async (feeds) => {
    setGuardDefaults(feeds, { auth: "public" });
    feeds.get(
      "/feed/:file",
      {
        config: {
          rateLimit: {
            max: FEED_REQUESTS_PER_HOUR,
            timeWindow: "1 hour",
            keyGenerator: (request: FastifyRequest) => `feed:${(request.params as { file?: string }).file ?? ""}`,
          },
        },
      },
      async (request, reply) => {
        const file = (request.params as { file: string }).file;
        const feed = file.endsWith(".ics") ? await calendarFeed.findByToken(file.slice(0, -4)) : undefined;
        // A wrong, reset or turned-off token is a plain 404, like any address that is not there.
        if (!feed) throw notFound();
        reply.header("etag", feed.etag).header("cache-control", "private, max-age=900").header("vary", "Accept-Encoding");
        if (request.headers["if-none-match"] === feed.etag) return reply.code(304).send();
        const body = await calendarFeed.feedBody(feed.userId, feed.etag, host(request), feed.locale);
        return reply.type("text/calendar; charset=utf-8").send(body);
      },
    );
  });
}
