import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { messageRef } from "../../core/i18n/translate";
import { HttpError } from "../errors";
import type { AppMetrics } from "../metrics";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route's label in the request metrics when its pattern would not do (the built client's files, one route each). */
    metricsRoute?: string;
  }
}

export const METRICS_PATH = "/metrics";
/** The label of every request no route matched (client routes' page loads, unknown paths): one label, whatever was asked. */
export const UNMATCHED_ROUTE = "(unmatched)";
/** The label of the built client's files: one label, however many files a build has. */
export const STATIC_FILE_ROUTE = "(static file)";
export const METRICS_TOKEN_REQUIRED = messageRef("server.metrics_token_required");

export interface MetricsPluginOptions {
  metrics: AppMetrics;
  /** METRICS_TOKEN. */
  token: string;
}

const sha256 = (text: string) => createHash("sha256").update(text).digest();

/** The token of `Authorization: Bearer <token>`, else null. */
function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? "");
  return match ? match[1]! : null;
}

/** The route a request is counted under: its pattern, never the URL asked for (each distinct URL would be a new series). */
function routeLabel(request: FastifyRequest): string {
  if (request.is404) return UNMATCHED_ROUTE;
  return request.routeOptions.config.metricsRoute ?? request.routeOptions.url ?? UNMATCHED_ROUTE;
}

/**
 * `GET /metrics` in Prometheus' text format, for the holder of METRICS_TOKEN only (decision 105),
 * and every answered request counted by route and status. Registered only when METRICS_TOKEN is
 * set: without it the path does not exist, and nothing is measured.
 */
async function metricsPlugin(app: FastifyInstance, { metrics, token }: MetricsPluginOptions) {
  // Both sides hashed, so the comparison takes the same time whatever was sent, its length too.
  const expected = sha256(token);
  const authorized = (request: FastifyRequest) => {
    const given = bearerToken(request.headers.authorization);
    return given !== null && timingSafeEqual(sha256(given), expected);
  };

  // A callback hook, not an async one: no promise per request.
  app.addHook("onResponse", (request, reply, done) => {
    const route = routeLabel(request);
    // Scrapes are not counted: every scrape would move the figures it reports.
    if (route !== METRICS_PATH) metrics.observeRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  // No session, no CSRF (not /api) and no rate limit: a scraper must never get 429, and guessing a
  // token of 32 characters or more is hopeless however fast one tries (decision 105).
  app.get(METRICS_PATH, async (request, reply) => {
    // Never stored: not by a proxy, not by a browser that was shown it.
    reply.header("cache-control", "no-store");
    if (!authorized(request)) {
      throw new HttpError(401, METRICS_TOKEN_REQUIRED, undefined, { "www-authenticate": 'Bearer realm="metrics"' });
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
}

export default fp(metricsPlugin, { name: "metrics" });
