import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { messageRef, wordMessageRef } from "../../core/i18n/translate";
import { forbidden, HttpError, notFound } from "../errors";
import { i18nFor, translator, userLocale } from "../i18n";
import { setGuardDefaults } from "../plugins/route-guards";
import type { UserRow } from "../db/schema";
import type { Services } from "../services";
import { CALENDARS, type CaldavObject, type CalendarName, ObjectRefusedError } from "../services/caldav";
import { requestOrigin } from "../http/request-context";
import {
  child,
  childrenNamed,
  escapeXml,
  is,
  MAX_XML_BYTES,
  multistatus,
  NS,
  parseXml,
  qualified,
  type XmlElement,
  XmlError,
} from "../caldav/xml";

/** Where the DAV tree starts; /.well-known/caldav leads here (RFC 6764). */
export const DAV_ROOT = "/dav/";
const DAV_METHODS = ["OPTIONS", "PROPFIND", "REPORT", "GET", "HEAD", "PUT", "DELETE"] as const;
/** The largest object a client may PUT (an event with its changed dates, alarms and notes). */
const MAX_OBJECT_BYTES = 256 * 1024;
const ALLOW = DAV_METHODS.join(", ");
const ORIGIN_REFUSED = messageRef("caldav.origin_refused");

/** Calendar colours the apps show (RGB with alpha, as Apple's calendar-color is written). */
const COLORS: Record<CalendarName, string> = { events: "#2563EBFF", tasks: "#16A34AFF", school: "#9333EAFF" };
const COMPONENT: Record<CalendarName, "VEVENT" | "VTODO"> = { events: "VEVENT", tasks: "VTODO", school: "VEVENT" };
const SUPPORTED_REPORTS = ["c:calendar-multiget", "c:calendar-query", "d:sync-collection"]
  .map((name) => `<d:supported-report><d:report><${name}/></d:report></d:supported-report>`)
  .join("");
const NAME_ID = { events: "caldav.calendar_events", tasks: "caldav.calendar_tasks", school: "caldav.calendar_school" } as const;

/** A resource of the DAV tree, as a path names it. */
type Resource =
  | { kind: "root" }
  | { kind: "principal"; userId: number }
  | { kind: "home"; userId: number }
  | { kind: "calendar"; userId: number; calendar: CalendarName }
  | { kind: "object"; userId: number; calendar: CalendarName; name: string };

/** The resource a path names, or null for none (another student's is none: never reachable). */
function resourceOf(path: string, user: UserRow): Resource | null {
  const parts = path
    .split("/")
    .filter(Boolean)
    .map((part) => decodeURIComponent(part));
  if (parts[0] !== "dav") return null;
  if (parts.length === 1) return { kind: "root" };
  const owner = Number(parts[2]);
  if (!Number.isSafeInteger(owner) || owner !== user.id) return null;
  if (parts[1] === "principals" && parts.length === 3) return { kind: "principal", userId: owner };
  if (parts[1] !== "calendars") return null;
  if (parts.length === 3) return { kind: "home", userId: owner };
  const calendar = parts[3] as CalendarName;
  if (!CALENDARS.includes(calendar)) return null;
  if (parts.length === 4) return { kind: "calendar", userId: owner, calendar };
  if (parts.length === 5 && parts[4]!.endsWith(".ics")) return { kind: "object", userId: owner, calendar, name: parts[4]! };
  return null;
}

const principalPath = (userId: number) => `${DAV_ROOT}principals/${userId}/`;
const homePath = (userId: number) => `${DAV_ROOT}calendars/${userId}/`;
const calendarPath = (userId: number, calendar: CalendarName) => `${homePath(userId)}${calendar}/`;
const href = (path: string) => `<d:href>${escapeXml(path)}</d:href>`;

/** A property's value as written in a propstat, or undefined when the resource has no such property. */
type PropertyValues = Map<string, string>;
const key = (ns: string, name: string) => `${ns}|${name}`;

/**
 * One <d:response> for a resource: the properties asked for that it has (200), and those it has
 * not (404); `null` for allprop (every property it has).
 */
function response(path: string, values: PropertyValues, asked: readonly { ns: string; name: string }[] | null): string {
  const found: string[] = [];
  const missing: string[] = [];
  const wanted = asked ?? [...values.keys()].map((k) => ({ ns: k.split("|")[0]!, name: k.split("|")[1]! }));
  for (const { ns, name } of wanted) {
    const q = qualified(ns, name);
    const value = values.get(key(ns, name));
    if (value === undefined) missing.push(`<${q.open}/>`);
    else found.push(value === "" ? `<${q.open}/>` : `<${q.open}>${value}</${q.close}>`);
  }
  const propstat = (props: string[], status: string) =>
    props.length ? `<d:propstat><d:prop>${props.join("")}</d:prop><d:status>HTTP/1.1 ${status}</d:status></d:propstat>` : "";
  return `<d:response>${href(path)}${propstat(found, "200 OK")}${propstat(missing, "404 Not Found")}</d:response>`;
}

/**
 * The CalDAV server (issue 52, decision 133): discovery and the student's three calendars, signed in
 * with a device password over HTTP Basic. No cookie, no CSRF token (Basic is not sent by a page
 * on its own), and a request with an Origin (a web page's) is refused.
 */
export default async function caldavRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { caldav, config, sessionService } = services;
  for (const method of ["PROPFIND", "REPORT"]) app.addHttpMethod(method, { hasBody: true });

  await app.register(async (dav) => {
    setGuardDefaults(dav, { auth: "public", csrf: false });
    dav.addContentTypeParser(["application/xml", "text/xml"], { parseAs: "string", bodyLimit: MAX_XML_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    // A write has committed by the time its answer is sent: before it leaves, this instance applies
    // every change committed so far, as the API's writes do (decision 093), so the student's next
    // read here (the app's list, or this client's next request) sees it.
    dav.addHook("onSend", (request, reply, payload, done) => {
      if ((request.method !== "PUT" && request.method !== "DELETE") || reply.statusCode >= 400) return done(null, payload);
      sessionService.settle().then(() => done(null, payload), done);
    });
    dav.addContentTypeParser("text/calendar", { parseAs: "string", bodyLimit: MAX_OBJECT_BYTES }, (_request, body, done) =>
      done(null, body),
    );

    // RFC 6764: a client given only the server's address finds the DAV tree here.
    dav.route({
      method: ["GET", "HEAD", "PROPFIND", "OPTIONS"],
      url: "/.well-known/caldav",
      handler: (_request, reply) => reply.redirect(DAV_ROOT, 301),
    });
    // A client that asks the bare address itself (python-caldav, some older ones) is sent there too;
    // a browser's GET of / is still the app.
    dav.route({ method: ["PROPFIND"], url: "/", handler: (_request, reply) => reply.redirect(DAV_ROOT, 301) });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header("cache-control", "private, no-cache").header("dav", "1, 3, calendar-access").header("allow", ALLOW);
      if (request.headers.origin) throw forbidden(ORIGIN_REFUSED);
      if (request.method === "OPTIONS") return reply.code(200).send();
      const user = await caldav.authenticate(request.headers.authorization, request.ip);
      const path = new URL(request.url, "http://dav").pathname;
      const resource = resourceOf(path, user);
      if (!resource) throw notFound();
      const host = new URL(config.publicUrl ?? requestOrigin(request)).hostname;
      if (request.method === "PROPFIND") return propfind(request, reply, user, resource, host);
      if (request.method === "REPORT") return report(request, reply, user, resource, host);
      if (request.method === "PUT" || request.method === "DELETE") return write(request, reply, user, resource, host);
      if (resource.kind !== "object")
        throw new HttpError(405, messageRef("caldav.not_a_file"), undefined, { allow: "OPTIONS, PROPFIND, REPORT" });
      const object = (await caldav.objectsOf(user, resource.calendar, host)).find((o) => o.name === resource.name);
      if (!object) throw notFound();
      reply.header("etag", object.etag).type("text/calendar; charset=utf-8");
      if (request.headers["if-none-match"] === object.etag) return reply.code(304).send();
      return reply.send(request.method === "HEAD" ? undefined : object.body());
    };
    dav.route({ method: [...DAV_METHODS], url: "/dav", handler });
    dav.route({ method: [...DAV_METHODS], url: "/dav/*", handler });
  });

  /** PUT and DELETE of an object (RFC 4791 §5.3.2, RFC 4918 §9.6): the events and tasks calendars take them; the school's is read only. */
  async function write(request: FastifyRequest, reply: FastifyReply, user: UserRow, resource: Resource, host: string) {
    const words = i18nFor(userLocale(user.locale));
    if (resource.kind !== "object")
      throw new HttpError(405, messageRef("caldav.not_a_file"), undefined, { allow: "OPTIONS, PROPFIND, REPORT" });
    const calendar = resource.calendar;
    if (calendar === "school") return davError(reply, "<d:need-privileges/>", wordMessageRef(words, messageRef("caldav.read_only")));
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(",") : value;
    };
    try {
      if (request.method === "DELETE") {
        await caldav.delete(user, calendar, resource.name, { ifMatch: header("if-match") }, host);
        return reply.code(204).send();
      }
      const body = typeof request.body === "string" ? request.body : "";
      const { created, etag } = await caldav.put(
        user,
        calendar,
        resource.name,
        body,
        { ifMatch: header("if-match"), ifNoneMatch: header("if-none-match") },
        host,
      );
      if (etag) reply.header("etag", etag);
      return reply.code(created ? 201 : 204).send();
    } catch (error) {
      if (error instanceof ObjectRefusedError)
        return davError(reply, "<c:valid-calendar-object-resource/>", wordMessageRef(words, error.message));
      throw error;
    }
  }

  /** A 403 DAV:error (RFC 4918 §16) naming the precondition that failed, with why in the student's words. */
  function davError(reply: FastifyReply, condition: string, why: string) {
    return reply
      .code(403)
      .type("application/xml; charset=utf-8")
      .send(
        `<?xml version="1.0" encoding="utf-8"?>\n<d:error xmlns:d="DAV:" xmlns:c="${NS.caldav}">${condition}<d:responsedescription>${escapeXml(why)}</d:responsedescription></d:error>`,
      );
  }

  /** PROPFIND (RFC 4918 §9.1) at Depth 0 or 1. */
  async function propfind(request: FastifyRequest, reply: FastifyReply, user: UserRow, resource: Resource, host: string) {
    const asked = askedProperties(request.body);
    const depth = request.headers.depth === "0" ? 0 : 1;
    if (resource.kind === "object") {
      const object = (await caldav.objectsOf(user, resource.calendar, host)).find((o) => o.name === resource.name);
      if (!object) throw notFound();
      return sendMultistatus(reply, [response(pathOf(resource, user), objectProperties(object, false), asked)]);
    }
    const listed: Resource[] = [resource];
    if (depth === 1 && resource.kind === "home")
      listed.push(...CALENDARS.map((calendar) => ({ kind: "calendar" as const, userId: user.id, calendar })));
    const responses = await Promise.all(listed.map(async (r) => response(pathOf(r, user), await propertiesOf(r, user), asked)));
    if (depth === 1 && resource.kind === "calendar") {
      for (const object of await caldav.objectsOf(user, resource.calendar, host)) {
        responses.push(response(`${calendarPath(user.id, resource.calendar)}${object.name}`, objectProperties(object, false), asked));
      }
    }
    return sendMultistatus(reply, responses);
  }

  function sendMultistatus(reply: FastifyReply, responses: string[], extra = "") {
    return reply.code(207).type("application/xml; charset=utf-8").send(multistatus(responses, extra));
  }

  /** A member's properties: its ETag and type, and its text when a REPORT asks for calendar-data. */
  function objectProperties(object: CaldavObject, withData: boolean): PropertyValues {
    const values: PropertyValues = new Map();
    values.set(key(NS.dav, "getetag"), escapeXml(object.etag));
    values.set(key(NS.dav, "getcontenttype"), `text/calendar; charset=utf-8; component=${object.component}`);
    values.set(key(NS.dav, "resourcetype"), "");
    if (withData) values.set(key(NS.caldav, "calendar-data"), escapeXml(object.body()));
    return values;
  }

  /**
   * REPORT (RFC 4791 §7.8-7.9, RFC 6578): calendar-multiget by hrefs, calendar-query by component
   * and time range, and sync-collection from a token.
   */
  async function report(request: FastifyRequest, reply: FastifyReply, user: UserRow, resource: Resource, host: string) {
    const root = parseBody(request.body);
    if (!root) throw new HttpError(400, messageRef("caldav.bad_xml", { reason: "a REPORT needs a body" }));
    if (resource.kind !== "calendar") throw forbidden(messageRef("caldav.report_not_here"));
    const calendarHref = calendarPath(user.id, resource.calendar);
    const prop = child(root, NS.dav, "prop");
    const asked = prop ? prop.children.map((c) => ({ ns: c.ns, name: c.name })) : null;
    const withData = asked?.some((a) => a.ns === NS.caldav && a.name === "calendar-data") ?? false;
    const objects = await caldav.objectsOf(user, resource.calendar, host);
    const member = (object: CaldavObject) => response(`${calendarHref}${object.name}`, objectProperties(object, withData), asked);

    if (is(root, NS.caldav, "calendar-multiget")) {
      const byName = new Map(objects.map((o) => [o.name, o]));
      const responses = childrenNamed(root, NS.dav, "href").map((h) => {
        const path = decodeURIComponent(new URL(h.text.trim(), "http://dav").pathname);
        const found = path.startsWith(calendarHref) ? byName.get(path.slice(calendarHref.length)) : undefined;
        return found ? member(found) : `<d:response>${href(path)}<d:status>HTTP/1.1 404 Not Found</d:status></d:response>`;
      });
      return sendMultistatus(reply, responses);
    }

    if (is(root, NS.caldav, "calendar-query")) {
      const { component, range } = queryFilter(child(root, NS.caldav, "filter"));
      const matching = objects.filter(
        (o) => (component === null || o.component === component) && (range === null || o.overlaps(range.from, range.to)),
      );
      return sendMultistatus(reply, matching.map(member));
    }

    if (is(root, NS.dav, "sync-collection")) {
      const current = `${DAV_ROOT}sync/${await caldav.calendarTag(user, resource.calendar)}`;
      const given = child(root, NS.dav, "sync-token")?.text.trim() ?? "";
      // Tokens are the calendar's change tag: the same one has nothing new; an older one cannot say
      // what went (deleted members keep no trace), so the client is told to sync again in full.
      if (given && given !== current) {
        return reply
          .code(403)
          .type("application/xml; charset=utf-8")
          .send(`<?xml version="1.0" encoding="utf-8"?>\n<d:error xmlns:d="DAV:"><d:valid-sync-token/></d:error>`);
      }
      const syncToken = `<d:sync-token>${escapeXml(current)}</d:sync-token>`;
      return sendMultistatus(reply, given ? [] : objects.map(member), syncToken);
    }
    throw forbidden(messageRef("caldav.report_not_supported"));
  }

  /** A calendar-query's filter: the component asked for (VEVENT or VTODO), and the dates its time-range covers. */
  function queryFilter(filter: XmlElement | undefined): { component: string | null; range: { from: string; to: string } | null } {
    const calendarFilter = childrenNamed(filter, NS.caldav, "comp-filter").find((c) => c.attributes.name?.toUpperCase() === "VCALENDAR");
    const inner = childrenNamed(calendarFilter, NS.caldav, "comp-filter")[0];
    const component = inner?.attributes.name?.toUpperCase() ?? null;
    const timeRange = child(inner, NS.caldav, "time-range");
    if (!timeRange) return { component, range: null };
    const instant = (value: string | undefined) => {
      const match = value ? /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value) : null;
      return match ? new Date(Date.UTC(+match[1]!, +match[2]! - 1, +match[3]!, +match[4]!, +match[5]!, +match[6]!)) : null;
    };
    const start = instant(timeRange.attributes.start);
    const end = instant(timeRange.attributes.end);
    return {
      component,
      range: {
        from: start ? caldav.dateOf(start) : "0001-01-01",
        // The end is exclusive: an instant at midnight ends the day before.
        to: end ? caldav.dateOf(new Date(end.getTime() - 1)) : "9999-12-31",
      },
    };
  }

  function pathOf(resource: Resource, user: UserRow): string {
    switch (resource.kind) {
      case "root":
        return DAV_ROOT;
      case "principal":
        return principalPath(user.id);
      case "home":
        return homePath(user.id);
      case "calendar":
        return calendarPath(user.id, resource.calendar);
      case "object":
        return `${calendarPath(user.id, resource.calendar)}${resource.name}`;
    }
  }

  /** Every property a resource has, by namespace and name, written as XML. */
  async function propertiesOf(resource: Resource, user: UserRow): Promise<PropertyValues> {
    const t = translator(userLocale(user.locale));
    const values: PropertyValues = new Map();
    const set = (ns: string, name: string, value: string) => values.set(key(ns, name), value);
    set(NS.dav, "current-user-principal", href(principalPath(user.id)));
    set(NS.dav, "principal-URL", href(principalPath(user.id)));
    set(NS.caldav, "calendar-home-set", href(homePath(user.id)));
    switch (resource.kind) {
      case "root":
        set(NS.dav, "resourcetype", "<d:collection/>");
        break;
      case "principal":
        set(NS.dav, "resourcetype", "<d:principal/>");
        set(NS.dav, "displayname", escapeXml(`${user.first_name} ${user.last_name}`.trim()));
        set(NS.caldav, "calendar-user-address-set", href(`mailto:${user.email}`));
        break;
      case "home":
        set(NS.dav, "resourcetype", "<d:collection/>");
        set(NS.dav, "displayname", escapeXml(t("caldav.calendar_events")));
        break;
      case "calendar": {
        const changeTag = await caldav.calendarTag(user, resource.calendar);
        set(NS.dav, "resourcetype", "<d:collection/><c:calendar/>");
        set(NS.dav, "displayname", escapeXml(t(NAME_ID[resource.calendar])));
        set(NS.caldav, "supported-calendar-component-set", `<c:comp name="${COMPONENT[resource.calendar]}"/>`);
        set(NS.calendarServer, "getctag", escapeXml(changeTag));
        set(NS.dav, "sync-token", escapeXml(`${DAV_ROOT}sync/${changeTag}`));
        set(NS.apple, "calendar-color", COLORS[resource.calendar]);
        // The school's calendar is read only: a client offers no editing there.
        set(
          NS.dav,
          "current-user-privilege-set",
          resource.calendar !== "school"
            ? "<d:privilege><d:read/></d:privilege><d:privilege><d:write/></d:privilege><d:privilege><d:write-content/></d:privilege><d:privilege><d:bind/></d:privilege><d:privilege><d:unbind/></d:privilege>"
            : "<d:privilege><d:read/></d:privilege>",
        );
        set(NS.caldav, "supported-calendar-data", '<c:calendar-data content-type="text/calendar" version="2.0"/>');
        set(NS.dav, "supported-report-set", SUPPORTED_REPORTS);
        break;
      }
      case "object":
        break;
    }
    return values;
  }

  /** A request's XML, or null for an empty body; 400 with the reason for one that is not XML. */
  function parseBody(body: unknown): XmlElement | null {
    if (typeof body !== "string" || !body.trim()) return null;
    try {
      return parseXml(body);
    } catch (error) {
      if (error instanceof XmlError) throw new HttpError(400, messageRef("caldav.bad_xml", { reason: error.message }));
      throw error;
    }
  }

  /** The properties a PROPFIND body asks for; null for allprop (and for an empty body, RFC 4918 §9.1). */
  function askedProperties(body: unknown): { ns: string; name: string }[] | null {
    const root = parseBody(body);
    if (!root) return null;
    const prop = child(root, NS.dav, "prop");
    if (!prop) return null;
    return prop.children.map((c) => ({ ns: c.ns, name: c.name }));
  }
}
