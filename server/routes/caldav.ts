import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { messageRef } from "../../core/i18n/translate";
import { forbidden, HttpError, notFound } from "../errors";
import { translator, userLocale } from "../i18n";
import { setGuardDefaults } from "../plugins/route-guards";
import type { UserRow } from "../db/schema";
import type { Services } from "../services";
import { CALENDARS, type CalendarName } from "../services/caldav";
import { child, escapeXml, MAX_XML_BYTES, multistatus, NS, parseXml, qualified, type XmlElement, XmlError } from "../caldav/xml";

/** Where the DAV tree starts; /.well-known/caldav leads here (RFC 6764). */
export const DAV_ROOT = "/dav/";
const DAV_METHODS = ["OPTIONS", "PROPFIND", "REPORT"] as const;
const ALLOW = DAV_METHODS.join(", ");
const ORIGIN_REFUSED = messageRef("caldav.origin_refused");

/** Calendar colours the apps show (RGB with alpha, as Apple's calendar-color is written). */
const COLORS: Record<CalendarName, string> = { events: "#2563EBFF", tasks: "#16A34AFF", school: "#9333EAFF" };
const COMPONENT: Record<CalendarName, "VEVENT" | "VTODO"> = { events: "VEVENT", tasks: "VTODO", school: "VEVENT" };
const NAME_ID = { events: "caldav.calendar_events", tasks: "caldav.calendar_tasks", school: "caldav.calendar_school" } as const;

/** A resource of the DAV tree, as a path names it. */
type Resource =
  | { kind: "root" }
  | { kind: "principal"; userId: number }
  | { kind: "home"; userId: number }
  | { kind: "calendar"; userId: number; calendar: CalendarName };

/** The resource a path names, or null for none (another student's is none: never reachable). */
function resourceOf(path: string, user: UserRow): Resource | null {
  const parts = path.split("/").filter(Boolean);
  if (parts[0] !== "dav") return null;
  if (parts.length === 1) return { kind: "root" };
  const owner = Number(parts[2]);
  if (!Number.isSafeInteger(owner) || owner !== user.id) return null;
  if (parts[1] === "principals" && parts.length === 3) return { kind: "principal", userId: owner };
  if (parts[1] !== "calendars") return null;
  if (parts.length === 3) return { kind: "home", userId: owner };
  const calendar = parts[3] as CalendarName;
  if (parts.length === 4 && CALENDARS.includes(calendar)) return { kind: "calendar", userId: owner, calendar };
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
  const { caldav } = services;
  for (const method of ["PROPFIND", "REPORT"]) app.addHttpMethod(method, { hasBody: true });

  await app.register(async (dav) => {
    setGuardDefaults(dav, { auth: "public", csrf: false });
    dav.addContentTypeParser(["application/xml", "text/xml"], { parseAs: "string", bodyLimit: MAX_XML_BYTES }, (_request, body, done) =>
      done(null, body),
    );

    // RFC 6764: a client given only the server's address finds the DAV tree here.
    dav.route({
      method: ["GET", "HEAD", "PROPFIND", "OPTIONS"],
      url: "/.well-known/caldav",
      handler: (_request, reply) => reply.redirect(DAV_ROOT, 301),
    });

    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header("cache-control", "private, no-cache").header("dav", "1, 3, calendar-access").header("allow", ALLOW);
      if (request.headers.origin) throw forbidden(ORIGIN_REFUSED);
      if (request.method === "OPTIONS") return reply.code(200).send();
      const user = await caldav.authenticate(request.headers.authorization, request.ip);
      const path = new URL(request.url, "http://dav").pathname;
      const resource = resourceOf(path.endsWith("/") ? path : `${path}/`, user);
      if (!resource) throw notFound();
      if (request.method === "PROPFIND") return propfind(request, reply, user, resource);
      // The calendars' objects (GET, and the REPORTs that list them) come with the next slice of issue 52.
      throw new HttpError(501, messageRef("caldav.not_yet"));
    };
    dav.route({ method: [...DAV_METHODS], url: "/dav", handler });
    dav.route({ method: [...DAV_METHODS], url: "/dav/*", handler });
  });

  /** PROPFIND (RFC 4918 §9.1) at Depth 0 or 1. */
  async function propfind(request: FastifyRequest, reply: FastifyReply, user: UserRow, resource: Resource) {
    const asked = askedProperties(typeof request.body === "string" ? request.body : "");
    const depth = request.headers.depth === "0" ? 0 : 1;
    const listed: Resource[] = [resource];
    if (depth === 1 && resource.kind === "home")
      listed.push(...CALENDARS.map((calendar) => ({ kind: "calendar" as const, userId: user.id, calendar })));
    const responses = await Promise.all(listed.map(async (r) => response(pathOf(r, user), await propertiesOf(r, user), asked)));
    return reply.code(207).type("application/xml; charset=utf-8").send(multistatus(responses));
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
        // Read only until writes come (the school's always): a client offers no editing.
        set(NS.dav, "current-user-privilege-set", "<d:privilege><d:read/></d:privilege>");
        break;
      }
    }
    return values;
  }

  /** The properties a PROPFIND body asks for; null for allprop (and for an empty body, RFC 4918 §9.1). */
  function askedProperties(body: string): { ns: string; name: string }[] | null {
    if (!body.trim()) return null;
    let root: XmlElement;
    try {
      root = parseXml(body);
    } catch (error) {
      if (error instanceof XmlError) throw new HttpError(400, messageRef("caldav.bad_xml", { reason: error.message }));
      throw error;
    }
    const prop = child(root, NS.dav, "prop");
    if (!prop) return null;
    return prop.children.map((c) => ({ ns: c.ns, name: c.name }));
  }
}
