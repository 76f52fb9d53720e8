import { type IncomingMessage, type ServerResponse, validateHeaderValue } from "node:http";
import type { FastifyInstance } from "fastify";
import type { SessionUser } from "../repositories/sessions";
import { ifNoneMatchMatches } from "./conditional-get";
import { readRefusal, type RouteGuards } from "../plugins/route-guards";
import { accessLine } from "../log-stream";
import { JSON_TYPE } from "./list-answers";
import { SESSION_COOKIE, type SessionService } from "../services/session-service";

/**
 * The fast lane (docs/decisions/096): the hot reads a phone repeats all day, `GET /api/user` and
 * the 304 of an unchanged list, answered from memory as the request arrives, before Fastify's
 * pipeline. It answers only when everything the answer depends on is already in memory and certain:
 * an exact path, a GET without a body, a session kept in memory that needs no last-seen update, a
 * user the route's guards let through. Anything else, including every error, goes on to Fastify,
 * which answers it as always. What the lane sends is what Fastify would send, byte for byte apart
 * from the Date header (server/http/fast-lane.test.ts compares them).
 */

/** What a route's hot read answers for a signed-in user: its ETag, and its body when the lane may send it whole. */
export interface HotAnswer {
  etag: string;
  /** The JSON body of a 200; without it the lane answers only a 304, and Fastify the rest. */
  body?: string;
}

export interface HotRead {
  answer: (user: SessionUser) => HotAnswer;
}

/** A hot read as the lane serves it: with the guards of the route it stands for. */
interface ReadyHotRead extends HotRead {
  guards: RouteGuards;
}

/**
 * The guards the lane must keep for `GET path`, read from the app's route table when it is ready,
 * and applied by the hook's own rule (readRefusal). The route must exist and need exactly a
 * signed-in user: the lane serves a student's own reads. Throws, failing start-up, for anything
 * else: a hot read declared for an admin's route or for a path that moved is a mistake.
 */
export function guardsOfHotRead(path: string, routes: Array<{ method: string; url: string } & RouteGuards>): RouteGuards {
  const route = routes.find((candidate) => candidate.method === "GET" && candidate.url === path);
  if (!route) throw new Error(`fast lane: no GET ${path} route for its hot read`);
  if (route.auth !== "user") throw new Error(`fast lane: GET ${path} needs "${route.auth}", but the lane only knows signed-in users`);
  return { auth: route.auth, csrf: route.csrf, allowDuringPasswordReset: route.allowDuringPasswordReset };
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Lets the fast lane answer `GET path` from memory with what `read` says. Call it beside the
     * route itself; the route's guards apply (guardsOfHotRead).
     */
    hotRead(path: string, read: HotRead): void;
    /** How many requests the fast lane has answered (for tests: which path a request took). */
    fastLaneAnswered(): number;
  }
}

export interface FastLaneOptions {
  sessionService: SessionService;
  /** The headers every JSON answer carries (security headers and `cache-control: no-store`). */
  apiHeaders: Record<string, string>;
  /** Fastify's request ids, so the lane's access lines continue the same sequence. */
  nextRequestId: () => string;
  /** A larger body goes through Fastify, whose compression would encode it. */
  compressionThreshold: number;
  /** Counts each answer in the request metrics as Fastify's would be counted (decision 106); null when metrics are off. */
  observeRequest: ((method: string, route: string, statusCode: number, seconds: number) => void) | null;
}

/**
 * Registers the `hotRead` decorator and puts the lane in front of Fastify's request handler on
 * the app's HTTP server. Call before the routes are registered; `app.inject` does not pass through
 * the lane (it never touches the server), so what it tests is Fastify's own answer.
 */
export function installFastLane(app: FastifyInstance, options: FastLaneOptions): void {
  const declared = new Map<string, HotRead>();
  // Filled when the app is ready, once every route and its guards are known.
  const reads = new Map<string, ReadyHotRead>();
  app.addHook("onReady", (done) => {
    try {
      const routes = app.routeGuards();
      for (const [path, read] of declared) reads.set(path, { ...read, guards: guardsOfHotRead(path, routes) });
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  let answered = 0;
  // Closing: Fastify answers 503 to what arrives now (return503OnClosing), so the lane steps aside.
  let closing = false;
  app.addHook("preClose", (done) => {
    closing = true;
    done();
  });
  app.decorate("hotRead", (path: string, read: HotRead) => {
    declared.set(path, read);
  });
  app.decorate("fastLaneAnswered", () => answered);

  function answerFromMemory(req: IncomingMessage, res: ServerResponse): boolean {
    // The raw target must be the path itself: a query, an absolute-form target or a
    // percent-encoded path is for Fastify's router to read.
    if (req.method !== "GET" || closing) return false;
    const read = reads.get(req.url!);
    if (!read) return false;
    const headers = req.headers;
    if (headers["transfer-encoding"] !== undefined || (headers["content-length"] !== undefined && headers["content-length"] !== "0"))
      return false;
    if (!headers.cookie) return false;
    const sessionId = app.parseCookie(headers.cookie)[SESSION_COOKIE];
    const loaded = sessionId ? options.sessionService.fromMemory(sessionId) : undefined;
    if (!loaded) return false;
    // Whatever the guards would refuse, Fastify answers (the refusal, in the reader's language).
    if (readRefusal(read.guards, loaded) !== null) return false;

    const started = performance.now();
    const { etag, body } = read.answer(loaded.user);
    // Checked before writeHead, which sets the status before it checks its headers.
    validateHeaderValue("etag", etag);
    let statusCode: number;
    if (ifNoneMatchMatches(headers["if-none-match"], etag)) {
      statusCode = 304;
      res.writeHead(statusCode, { ...options.apiHeaders, etag });
      res.end();
    } else {
      if (body === undefined) return false;
      const length = Buffer.byteLength(body);
      if (length >= options.compressionThreshold) return false;
      statusCode = 200;
      res.writeHead(statusCode, { ...options.apiHeaders, etag, "content-type": JSON_TYPE, "content-length": length });
      res.end(body);
    }
    answered++;
    const elapsedMs = performance.now() - started;
    app.log.info({ reqId: options.nextRequestId(), ...accessLine("GET", req.url!, statusCode, elapsedMs) }, "request completed");
    // The lane answers only a registered path exactly, so the path is the route's pattern.
    options.observeRequest?.("GET", req.url!, statusCode, elapsedMs / 1000);
    return true;
  }

  const server = app.server;
  const [fastifyHandler, ...others] = server.listeners("request") as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  if (!fastifyHandler || others.length > 0) throw new Error("fast lane: expected Fastify's one request handler on the server");
  server.removeListener("request", fastifyHandler);
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    try {
      if (answerFromMemory(req, res)) return;
    } catch (error) {
      // Outside Fastify nothing would catch it: the process would go down with one bad answer.
      app.log.error({ err: error, url: req.url }, "fast lane failed: Fastify answers instead");
      if (res.headersSent) {
        // Too late to hand over: the answer is out (only the access line failed) or half out.
        if (!res.writableEnded) res.destroy();
        return;
      }
    }
    fastifyHandler(req, res);
  });
}

/** Fastify's own request id format (`req-` and a base-36 counter), shared by Fastify and the lane. */
export function requestIdSequence(): () => string {
  // Below 2^31 the counter stays a small integer for V8, as in Fastify's own generator.
  const max = 2147483647;
  let next = 0;
  return () => {
    next = (next + 1) % max;
    return `req-${next.toString(36)}`;
  };
}
