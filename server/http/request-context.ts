import type { FastifyRequest } from "fastify";
import { messageRef } from "../../core/i18n/translate";
import { badRequest, unauthorized } from "../errors";
import type { SessionUser } from "../repositories/sessions";

const API_PREFIX = "/api/";
export const INVALID_HOST = messageRef("server.invalid_host");

/**
 * Whether a request is an API call, decided by the route the router matched (its pattern), never
 * by the raw request target. The router decodes percent-encoding and reads the path of an
 * absolute-form target (`GET http://host/api/user`), so `/%61pi/tasks` reaches the /api/tasks
 * handler: a check on the raw URL let such a request past the session, the guards and the CSRF
 * check. A path no route matches is read the way the router reads one.
 */
export function isApiRequest(request: FastifyRequest): boolean {
  if (!request.is404) return request.routeOptions.url?.startsWith(API_PREFIX) ?? false;
  return routerPath(request.url).startsWith(API_PREFIX);
}

/** The path of a request target as the router sees it: no query, no scheme and host, decoded. */
export function routerPath(target: string): string {
  let path = target.split("?", 1)[0]!;
  if (!path.startsWith("/")) {
    try {
      path = new URL(path).pathname;
    } catch {
      return path;
    }
  }
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * The signed-in user of a route whose guard is at least `user`. The guard has already answered a
 * visitor with 401; this says so to the type checker, and answers 401 too should a route ever be
 * reached without its guard, rather than failing on a missing user.
 */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * The origin the request was addressed to ("https://host:port"): the scheme it arrived with (behind
 * a trusted TLS proxy, the one the proxy reports) and its Host header. A missing or unreadable Host
 * is the client's mistake, answered 400, never a link or a check built on "undefined".
 */
export function requestOrigin(request: FastifyRequest): string {
  const host = request.host as string | undefined;
  if (host) {
    try {
      const origin = new URL(`${request.protocol}://${host}`).origin;
      if (origin !== "null") return origin;
    } catch {
      // Falls through to the 400.
    }
  }
  throw badRequest(INVALID_HOST);
}
