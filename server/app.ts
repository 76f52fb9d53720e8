import zlib from "node:zlib";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import type { FastifyHelmetOptions } from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import Fastify, { LogController, type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from "fastify";
import { messageRef } from "../core/i18n/translate";
import { isDatabaseUnavailable } from "./db/unavailable";
import { installFastLane, requestIdSequence } from "./http/fast-lane";
import { createListAnswers } from "./http/list-answers";
import { accessLine, turnBatchedStream } from "./log-stream";
import { HttpError, serviceUnavailable } from "./errors";
import { requestLocale, wordError } from "./i18n";
import apiNoStore from "./plugins/api-no-store";
import drain from "./plugins/drain";
import inputGuard from "./plugins/input-guard";
import metricsPlugin from "./plugins/metrics";
import requestScope from "./plugins/request-scope";
import routeGuards from "./plugins/route-guards";
import sessionPlugin from "./plugins/session";
import staticClient from "./plugins/static-client";
import authRoutes from "./routes/auth";
import ssoRoutes from "./routes/sso";
import classRoutes from "./routes/classes";
import adminRoutes from "./routes/admin";
import announcementRoutes from "./routes/announcements";
import eventRoutes from "./routes/events";
import calendarFeedRoutes from "./routes/calendar-feed";
import lmsFeedRoutes from "./routes/lms-feeds";
import dataPortabilityRoutes from "./routes/data-portability";
import preferencesRoutes from "./routes/preferences";
import pushRoutes from "./routes/push";
import schoolRoutes from "./routes/school";
import schoolScheduleRoutes from "./routes/school-schedule";
import streamRoutes from "./routes/stream";
import systemRoutes from "./routes/system";
import taskRoutes from "./routes/tasks";
import focusSessionRoutes from "./routes/focus-sessions";
import gradeRoutes from "./routes/grades";
import guardianRoutes from "./routes/guardians";
import twoFactorRoutes from "./routes/two-factor";
import devicePasswordRoutes from "./routes/device-passwords";
import caldavRoutes from "./routes/caldav";
import studyPlanRoutes from "./routes/study-plan";
import { apiSecurityHeadersFor, clientErrorHandler, securityHeadersFor } from "./http/raw-answers";
import { isApiRequest } from "./http/request-context";
import type { Services } from "./services";
import { fastifyTrustProxy } from "./trust-proxy";

export const BODY_LIMIT_BYTES = 100 * 1024;
/** Passwords travel only in bodies, which are never logged; cookies and tokens are redacted. */
export const LOG_REDACT = ["req.headers.cookie", 'req.headers["x-csrf-token"]', "req.headers.authorization", 'res.headers["set-cookie"]'];

/** Fastify's own 4xx errors, reworded for people (message references, worded in the request's language). */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: messageRef("server.body_too_large"),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messageRef("server.unsupported_media_type"),
  FST_ERR_CTP_EMPTY_JSON_BODY: messageRef("server.body_empty"),
  FST_ERR_CTP_INVALID_JSON_BODY: messageRef("server.body_invalid_json"),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: messageRef("server.body_length_mismatch"),
};

const RATE_LIMITED = {
  ms: "server.rate_limited_ms",
  second: "server.rate_limited_seconds",
  minute: "server.rate_limited_minutes",
  hour: "server.rate_limited_hours",
  day: "server.rate_limited_days",
} as const;

/**
 * @fastify/rate-limit's 429 ("Rate limit exceeded, retry in 1 minute", its `after` written by
 * @lukeed/ms), as a message reference with the same English words. The Retry-After header is the
 * plugin's.
 */
export function rateLimitError(after: string): HttpError {
  const match = /^(\d+) (ms|second|minute|hour|day)s?$/.exec(after);
  if (!match) return new HttpError(429, `Rate limit exceeded, retry in ${after}`);
  return new HttpError(429, messageRef(RATE_LIMITED[match[2] as keyof typeof RATE_LIMITED], { count: Number(match[1]) }));
}

/**
 * One access line per request, with only what an operator reads, instead of Fastify's two lines
 * that serialize the whole request and reply: those took a third of a small answer's time at the
 * default level (docs/decisions/066). Errors are still logged by the default methods.
 */
class AccessLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    const line = accessLine(request.method, request.url, reply.statusCode, reply.elapsedTime);
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}

/** JSON answers from this size up go compressed (see the compress plugin below). */
const COMPRESSION_THRESHOLD_BYTES = 1024;

export async function buildApp(services: Services, options: { logger?: FastifyServerOptions["logger"] } = {}) {
  const { config } = services;
  // The list reads' answers kept in memory (decision 066): the HTTP layer's, one store per instance.
  const listAnswers = createListAnswers();
  const nextRequestId = requestIdSequence();
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: LOG_REDACT,
      // The lines of one event-loop turn leave together in one asynchronous write (decision 096;
      // decision 094 measured what one write per line cost).
      stream: turnBatchedStream(),
    },
    logController: new AccessLogController(),
    genReqId: nextRequestId,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    return503OnClosing: true,
    // Time-outs (decision 050): a request is answered, or gets 503, within requestTimeoutMs; its
    // headers and body must arrive within it too, or Node answers 408 (clientErrorHandler) and
    // closes the connection. Node checks for late requests every connectionsCheckingInterval.
    handlerTimeout: config.requestTimeoutMs,
    requestTimeout: config.requestTimeoutMs,
    http: { headersTimeout: config.requestTimeoutMs, connectionsCheckingInterval: Math.min(1000, config.requestTimeoutMs) },
    clientErrorHandler: clientErrorHandler(() => securityHeaders),
    // Errors raised before routing (a malformed URL such as /api/%) skip the error handler below;
    // they still answer in the one error shape.
    frameworkErrors: (error, request, reply) => {
      const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      const message = error.code === "FST_ERR_BAD_URL" ? messageRef("server.bad_url") : messageRef("server.bad_request");
      return (reply as FastifyReply)
        .code(status)
        .headers(securityHeaders)
        .send(wordError(requestLocale(request), message));
    },
  });

  // Third-party plugins, in one place.
  const helmetOptions: FastifyHelmetOptions = {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix and the toast library position elements with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The logo may come from any https URL an admin sets.
        imgSrc: ["'self'", "https:", "data:", "blob:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(config.trustProxy ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only makes sense when TLS is in front of us.
    strictTransportSecurity: config.trustProxy ? { maxAge: 15552000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
  };
  // helmet's headers, computed once: they never change between requests, and @fastify/helmet's
  // hook rebuilt them (the CSP string included) on every one, a measurable share of a small
  // answer's time (docs/decisions/066). The same object serves answers written before any hook
  // runs (see frameworkErrors above).
  const securityHeaders = securityHeadersFor(helmetOptions);

  // A JSON answer is never a page: it gets the short set an API needs (apiSecurityHeadersFor), and
  // every other answer helmet's whole set.
  const apiSecurityHeaders = apiSecurityHeadersFor(securityHeaders);
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(isApiRequest(request) ? apiSecurityHeaders : securityHeaders);
    done();
  });
  await app.register(drain);
  await app.register(cookie);
  await app.register(rateLimit, { global: false, errorResponseBuilder: (_request, context) => rateLimitError(context.after) });
  // JSON answers over 1 KB go compressed: a 200-task list is 51 KB plain, 2.3 KB as brotli at
  // quality 4, which costs about 0.3 ms of CPU (quality 11 would take 130 ms). Static files are
  // compressed at build time instead, and an answer that already has an encoding is left alone.
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  // The instance's listener for session and user changes closes with the app.
  app.addHook("onClose", () => services.changeFeed.close());
  // Open streams never end by themselves: ended before the server's close, which waits for every answer.
  app.addHook("preClose", (done) => {
    services.liveStreams.stop();
    done();
  });

  // The app's own plugins: who is asking, then may they make this call (each route's guards).
  // no-store first: its hook must run before any hook below can refuse the request.
  await app.register(apiNoStore);
  await app.register(sessionPlugin, { sessionService: services.sessionService, secureCookies: config.trustProxy !== false });
  await app.register(routeGuards);
  await app.register(inputGuard);
  await app.register(requestScope);
  // The hot reads the routes below name (app.hotRead) are answered from memory ahead of every hook
  // above, when none of them could change the answer (docs/decisions/096).
  installFastLane(app, {
    sessionService: services.sessionService,
    apiHeaders: { ...apiSecurityHeaders, "cache-control": "no-store" },
    nextRequestId,
    compressionThreshold: COMPRESSION_THRESHOLD_BYTES,
    observeRequest: services.metrics?.observeRequest ?? null,
  });

  app.setErrorHandler((caught: FastifyError | HttpError, request, reply) => {
    let error = caught;
    // The database is down, refusing connections or too slow, or the request ran out of time.
    if (isDatabaseUnavailable(error) || (error as FastifyError).code === "FST_ERR_HANDLER_TIMEOUT") {
      request.log.warn({ err: error, method: request.method, url: request.url }, "service unavailable: answered 503");
      // A body still trickling in is not read any further: the connection closes after this answer.
      if (!request.raw.complete) reply.header("connection", "close");
      error = serviceUnavailable();
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      // Worded in the request's language, with the message's id as a stable `code` (decision 108).
      return reply.code(error.statusCode).send({ ...wordError(requestLocale(request), error.message, error.errors), ...error.body });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = FRAMEWORK_MESSAGES[error.code] ?? error.message;
      return (reply as FastifyReply).code(status).send(wordError(requestLocale(request), message));
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send(wordError(requestLocale(request), messageRef("server.internal_error")));
  });

  // GET /metrics and the request counts, only with METRICS_TOKEN (decision 105): after the error
  // handler, whose one error shape its 401 takes, and before every route, so that each is counted.
  if (services.metrics && config.metricsToken) await app.register(metricsPlugin, { metrics: services.metrics, token: config.metricsToken });

  await app.register(systemRoutes, { services });
  await app.register(authRoutes, { services });
  await app.register(ssoRoutes, { services });
  await app.register(taskRoutes, { services, listAnswers });
  await app.register(focusSessionRoutes, { services });
  await app.register(gradeRoutes, { services });
  await app.register(guardianRoutes, { services });
  await app.register(twoFactorRoutes, { services });
  await app.register(devicePasswordRoutes, { services });
  await app.register(caldavRoutes, { services });
  await app.register(studyPlanRoutes, { services });
  await app.register(classRoutes, { services });
  await app.register(eventRoutes, { services, listAnswers });
  await app.register(preferencesRoutes, { services });
  await app.register(schoolScheduleRoutes, { services });
  await app.register(schoolRoutes, { services });
  await app.register(announcementRoutes, { services });
  await app.register(dataPortabilityRoutes, { services });
  await app.register(calendarFeedRoutes, { services });
  await app.register(lmsFeedRoutes, { services });
  await app.register(adminRoutes, { services });
  await app.register(pushRoutes, { services });
  await app.register(streamRoutes, { services });

  // Last: the built client and the not-found handler, for every path no route above matches.
  await app.register(staticClient, { clientDir: config.clientDir, sessionService: services.sessionService, settings: services.settings });

  return app;
}
