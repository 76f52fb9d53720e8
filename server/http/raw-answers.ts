import http from "node:http";
import { createRequire } from "node:module";
import type { Socket } from "node:net";
import type { FastifyHelmetOptions } from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import { DEFAULT_LOCALE, type Locale, localeFromAcceptLanguage } from "../../core/i18n/locale";
import { messageRef } from "../../core/i18n/translate";
import { wordError } from "../i18n";

/**
 * Answers written before Fastify's hooks run still get the one error shape and the security
 * headers (decision 050): Node's own client errors (oversized headers, malformed requests,
 * a request that took too long to arrive) and Fastify's routing errors (a malformed URL).
 */

type Middleware = (req: unknown, res: unknown, next: (error?: unknown) => void) => void;

/**
 * The headers helmet sets with these options, computed once. helmet is the middleware
 * @fastify/helmet wraps; it is resolved from there, so both always agree on the version.
 */
export function securityHeadersFor(options: FastifyHelmetOptions): Record<string, string> {
  const fromHelmetPlugin = createRequire(createRequire(import.meta.url).resolve("@fastify/helmet"));
  const helmet = fromHelmetPlugin("helmet") as (options: object) => Middleware;
  const { global: _global, enableCSPNonces: _nonces, ...helmetOptions } = options;
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(helmetOptions)({ headers: {} }, res, (error) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The headers of a JSON answer (an /api/ route's, or an unknown /api/ path's). A JSON answer is
 * never rendered as a page the app runs, so helmet's page headers (cross-origin-opener-policy,
 * origin-agent-cluster, x-dns-prefetch-control, x-download-options, x-xss-protection, the page's
 * CSP with its sources) do nothing there but cost bytes and header checks on every answer
 * (docs/decisions/094). Kept: a CSP that allows nothing at all, so an answer opened as a page runs
 * and loads nothing and cannot be framed; nosniff; the Referrer-Policy; cross-origin-resource-policy,
 * so no other site can load an answer as a script or image; HSTS when the page set (`page`) has it.
 */
export function apiSecurityHeadersFor(page: Record<string, string>): Record<string, string> {
  const kept = ["x-content-type-options", "referrer-policy", "cross-origin-resource-policy", "strict-transport-security"];
  return {
    "content-security-policy": API_CONTENT_SECURITY_POLICY,
    ...Object.fromEntries(kept.filter((name) => page[name] !== undefined).map((name) => [name, page[name]!])),
  };
}

export const API_CONTENT_SECURITY_POLICY = "default-src 'none';object-src 'none';base-uri 'none';frame-ancestors 'none';form-action 'none'";

/** What Node reports before any request exists, reworded for people (a message reference). */
function clientErrorAnswer(code: string | undefined): { status: number; message: string } {
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") return { status: 408, message: messageRef("server.request_timeout") };
  if (code === "HPE_HEADER_OVERFLOW") return { status: 431, message: messageRef("server.headers_too_large") };
  return { status: 400, message: messageRef("server.bad_request") };
}

/**
 * The language of a request Node could not parse: its Accept-Language, when the bytes Node read
 * (`rawPacket`, on a parse error) hold one; else English (a request that never arrived has none).
 */
export function rawPacketLocale(rawPacket: unknown): Locale {
  if (!Buffer.isBuffer(rawPacket)) return DEFAULT_LOCALE;
  const header = /\r\naccept-language:[ \t]*([^\r\n]{0,200})/i.exec(rawPacket.toString("latin1"));
  return localeFromAcceptLanguage(header?.[1]) ?? DEFAULT_LOCALE;
}

/**
 * Fastify's `clientErrorHandler`: Node emits `clientError` for a request it could not parse or
 * that did not arrive in time, before Fastify sees it. The answer is written on the socket,
 * which is then closed.
 */
export function clientErrorHandler(securityHeaders: () => Record<string, string>) {
  return function handleClientError(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
    // A reset connection has nobody left to answer.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const { status, message } = clientErrorAnswer(error.code);
    this.log.info({ err: error, status }, "client error: answered and closed the connection");
    // An answer already under way on this socket (a request that timed out after its handler
    // answered) cannot be followed by another one.
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (!socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const body = JSON.stringify(wordError(rawPacketLocale((error as { rawPacket?: unknown }).rawPacket), message));
    const headers = {
      ...securityHeaders(),
      "content-type": "application/json; charset=utf-8",
      "content-length": String(Buffer.byteLength(body)),
      "cache-control": "no-store",
      connection: "close",
    };
    const head = [
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.end(`${head.join("\r\n")}\r\n\r\n${body}`, () => socket.destroy());
  };
}
