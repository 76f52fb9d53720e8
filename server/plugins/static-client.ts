import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { messageRef } from "../../core/i18n/translate";
import { requestLocale, wordError } from "../i18n";
import type { SettingsRepository } from "../repositories/settings";
import { isApiRequest, routerPath } from "../http/request-context";
import { STATIC_FILE_ROUTE } from "./metrics";
import type { SessionService } from "../services/session-service";
import { type LandingVariants, landingLocale, loadStaticLanding, LOCALE_COOKIE_MAX_AGE } from "../static-landing";
import { isLocale, LOCALE_COOKIE, LOCALES } from "../../core/i18n/locale";
import { LANDING_LOCALE_PARAM } from "../../core/static-landing";
import { returnParams } from "../../core/app-icon";
import { isAppPage } from "../../core/app-pages";
import { webManifest } from "../web-manifest";
import { resumeSession } from "../http/browser";

export interface StaticClientOptions {
  /** The built client (CLIENT_DIR); nothing is served from it when it holds no index.html. */
  clientDir: string;
  /** Whether `/` is asked by a visitor (the landing page) or by a signed-in student (the app). */
  sessionService: Pick<SessionService, "load">;
  /** The logo and social profile the landing page shows. */
  settings: Pick<SettingsRepository, "getPublic">;
}

/**
 * The built client and every path no route matches: hashed assets cached for a year, index.html
 * revalidated every time and sent for every client route, the landing page at `/` for visitors
 * in their language (decisions 068, 108), and the one JSON 404 for the rest. Registered after the routes, so that the
 * not-found handler set here is the app's.
 */
async function staticClient(app: FastifyInstance, { clientDir, sessionService, settings }: StaticClientOptions) {
  const indexFile = path.join(clientDir, "index.html");
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : null;
  // index.html is sent from memory for every client route; its precompressed copies too.
  const indexEncoded = (["br", "gzip"] as const).flatMap((encoding) => {
    const copy = `${indexFile}.${encoding === "br" ? "br" : "gz"}`;
    return indexHtml && fs.existsSync(copy) ? [{ encoding, body: fs.readFileSync(copy) }] : [];
  });
  if (indexHtml) {
    // In a context of their own, so that only the files' routes (one per file) share one label in
    // the request metrics.
    await app.register(async function clientFiles(files) {
      files.addHook("onRoute", (route) => {
        route.config = { ...route.config, metricsRoute: STATIC_FILE_ROUTE };
      });
      await files.register(fastifyStatic, {
        root: clientDir,
        wildcard: false,
        index: false,
        // The build wrote .br and .gz copies (scripts/precompress.ts): the one the browser accepts
        // is sent with its Content-Encoding, and Vary: Accept-Encoding keeps shared caches honest.
        preCompressed: true,
        cacheControl: false,
        setHeaders(reply, filePath) {
          const immutable = filePath.startsWith(path.join(clientDir, "assets") + path.sep);
          reply.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
        },
      });
    });
  }

  if (indexHtml) {
    // The web app manifest in the reader's language (decision 119): the language chosen on this
    // device (the cookie, which a same-origin manifest request carries), else the browser's. Kept
    // briefly, per language: a student who switches language sees the new words at the browser's
    // next check of the manifest.
    const manifests = new Map(LOCALES.map((locale) => [locale, JSON.stringify(webManifest(locale))]));
    app.get("/manifest.webmanifest", { config: { metricsRoute: STATIC_FILE_ROUTE } }, async (request, reply) => {
      const locale = landingLocale(request.cookies[LOCALE_COOKIE], request.headers["accept-language"]);
      return reply
        .header("cache-control", "public, max-age=300")
        .header("vary", "Cookie, Accept-Language")
        .header("content-language", locale)
        .type("application/manifest+json; charset=utf-8")
        .send(manifests.get(locale));
    });
  }

  const staticLanding = indexHtml ? loadStaticLanding(clientDir) : null;
  /**
   * The landing page for a request without a live session, else null. A database that cannot be
   * reached gives null too: the app then loads, and its start-up screen says what is wrong.
   */
  async function visitorLanding(request: FastifyRequest, reply: FastifyReply): Promise<LandingVariants | null> {
    try {
      await resumeSession(request, reply, sessionService);
      if (request.user) return null;
      const locale = landingLocale(request.cookies[LOCALE_COOKIE], request.headers["accept-language"]);
      return staticLanding!.variants(await settings.getPublic(), locale);
    } catch (error) {
      request.log.warn({ err: error }, "landing page: session or settings unavailable, serving the app");
      return null;
    }
  }

  /**
   * A page load the single-page app renders: a GET or HEAD of /, /auth, /password-reset or any
   * other client route, whatever its Accept header says. curl, uptime monitors and link previews
   * accept anything or send no Accept at all, and a page must answer them as it answers a browser
   * (issue 32).
   * The API (`/api` and below) and paths naming a file (`/assets/gone.js`, `/favicon.ico`) keep
   * their JSON 404: a missing script must not come back as a page.
   */
  const isPageLoad = (request: FastifyRequest) =>
    Boolean(indexHtml) &&
    (request.method === "GET" || request.method === "HEAD") &&
    !isApiRequest(request) &&
    !isApiRoot(request.url) &&
    !namesAFile(request.url);
  // Probing for unknown API paths or assets is limited per address; page loads never are: a whole
  // school may load the app from one NAT address at 7:30, and a page must never get a JSON 429.
  const limitUnknownPaths = app.rateLimit({ max: 300, timeWindow: "1 minute" });

  app.setNotFoundHandler(
    {
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (!isPageLoad(request)) await limitUnknownPaths.call(app, request, reply);
      },
    },
    async (request, reply) => {
      if (isPageLoad(request)) {
        // A path the app has no page for gets the same shell, which shows the app's 404 page, as a 404.
        reply
          .code(isAppPage(routerPath(request.url)) ? 200 : 404)
          .header("cache-control", "no-cache")
          .header("vary", "Accept-Encoding")
          .type("text/html");
        const accepted = acceptedEncodings(request.headers["accept-encoding"]);
        const page = routerPath(request.url);
        if (page !== "/") {
          // A page opened from a mail (`/reset-password?token=…&lang=es`) reads in the mail's
          // language (issue 49): kept on this device, where the app reads it as it starts.
          const chosen = new URL(request.url, "http://localhost").searchParams.get(LANDING_LOCALE_PARAM);
          if (isLocale(chosen)) rememberLocale(request, reply, chosen);
        }
        if (staticLanding && page === "/") {
          // The landing page's language links (`/?lang=es`): the choice is kept on this device,
          // where the app reads it too, and the visitor comes back to / in it (decision 108).
          const query = new URL(request.url, "http://localhost").searchParams;
          const chosen = query.get(LANDING_LOCALE_PARAM);
          if (isLocale(chosen)) {
            query.delete(LANDING_LOCALE_PARAM);
            const rest = query.toString();
            rememberLocale(request, reply, chosen);
            return reply.header("cache-control", "no-store").redirect(rest ? `/?${rest}` : "/", 303);
          }
          // What / shows depends on the session: a visitor gets the landing page, with no
          // JavaScript to download (decision 068), in the language chosen on this device or the
          // browser's (decision 108); a signed-in student gets the app.
          reply.header("vary", "Accept-Encoding, Cookie, Accept-Language");
          const landing = await visitorLanding(request, reply);
          // An app icon shortcut (/?new=task) or a share (/?share_title=…) followed signed out: the
          // student signs in and comes back to it (the auth screen keeps the parameters), rather
          // than reading the landing page.
          const kept = returnParams(query.toString());
          if (landing && kept.size > 0) return reply.header("cache-control", "no-store").redirect(`/auth?${kept}`, 303);
          if (landing) {
            reply.header("content-language", landing.locale);
            const encoding = accepted.has("br") ? "br" : accepted.has("gzip") ? "gzip" : null;
            return encoding ? reply.header("content-encoding", encoding).send(landing[encoding]) : reply.send(landing.identity);
          }
        }
        // Client routes (/auth, /password-reset, and the 404 page of unknown paths) are the SPA's to render.
        const encoded = indexEncoded.find((variant) => accepted.has(variant.encoding));
        return encoded ? reply.header("content-encoding", encoded.encoding).send(encoded.body) : reply.send(indexHtml);
      }
      return reply.code(404).send(wordError(requestLocale(request), messageRef("server.not_found")));
    },
  );
}

/** `/api` itself (no slash after it): the API's, not a page, though no route starts there. */
function isApiRoot(url: string): boolean {
  return routerPath(url) === "/api";
}

/** Whether a path's last segment names a file (`/assets/index-abc.js`, `/manifest.webmanifest`): it has an extension. */
function namesAFile(url: string): boolean {
  const path = routerPath(url);
  return /\.[^/.]+$/.test(path.slice(path.lastIndexOf("/") + 1));
}

/** The encodings an Accept-Encoding header allows (q=0 refuses one). */
function acceptedEncodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of String(header ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const refused = params.some((p) => /^\s*q\s*=\s*0(?:\.0*)?\s*$/.test(p));
    if (name && !refused) accepted.add(name);
  }
  return accepted;
}

// Not encapsulated: the not-found handler and the static routes belong to the whole app.
export default fp(staticClient, { name: "static-client", dependencies: ["@fastify/rate-limit"] });

/** Keeps a language chosen through a link (`?lang=es`) on this device, as the app's own choice is kept. */
function rememberLocale(request: FastifyRequest, reply: FastifyReply, locale: string): void {
  reply.setCookie(LOCALE_COOKIE, locale, {
    path: "/",
    maxAge: LOCALE_COOKIE_MAX_AGE,
    sameSite: "lax",
    secure: request.protocol === "https",
  });
}
