import { SaxesParser } from "saxes";

/** The namespaces CalDAV speaks (RFC 4918, 4791, 6578, and the Calendar Server and Apple extensions clients ask for). */
export const NS = {
  dav: "DAV:",
  caldav: "urn:ietf:params:xml:ns:caldav",
  calendarServer: "http://calendarserver.org/ns/",
  apple: "http://apple.com/ns/ical/",
} as const;

/** An element of a request body: its namespace and local name, its attributes by local name, children and text. */
export interface XmlElement {
  ns: string;
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

/** A body that is not XML, or not the XML the method expects: answered 400 with the reason. */
export class XmlError extends Error {}

/** The largest request body read as XML (a calendar-multiget of a thousand hrefs is about 100 KB). */
export const MAX_XML_BYTES = 512 * 1024;

/**
 * Parses a request body with namespaces resolved: a client may write `D:prop`, `d:prop` or a
 * default namespace, and all are DAV:prop. No DTDs or entities beyond XML's own are expanded.
 */
export function parseXml(body: string): XmlElement {
  if (/<!DOCTYPE/i.test(body)) throw new XmlError("DOCTYPE is not allowed");
  const parser = new SaxesParser({ xmlns: true });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let failure: Error | undefined;
  parser.on("error", (error) => {
    failure ??= error;
  });
  parser.on("opentag", (tag) => {
    const element: XmlElement = {
      ns: tag.uri,
      name: tag.local,
      attributes: Object.fromEntries(Object.values(tag.attributes).map((a) => [a.local, a.value])),
      children: [],
      text: "",
    };
    if (stack.length) stack.at(-1)!.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on("text", (text) => {
    if (stack.length) stack.at(-1)!.text += text;
  });
  parser.on("cdata", (text) => {
    if (stack.length) stack.at(-1)!.text += text;
  });
  parser.on("closetag", () => {
    stack.pop();
  });
  try {
    parser.write(body).close();
  } catch (error) {
    failure ??= error as Error;
  }
  if (failure || !root)
    throw new XmlError(failure ? `The body is not well-formed XML: ${failure.message.split("\n")[0]}` : "The body is empty");
  return root;
}

export const is = (element: XmlElement | undefined, ns: string, name: string) => element?.ns === ns && element.name === name;
export const child = (element: XmlElement | undefined, ns: string, name: string) => element?.children.find((c) => is(c, ns, name));
export const childrenNamed = (element: XmlElement | undefined, ns: string, name: string) =>
  element?.children.filter((c) => is(c, ns, name)) ?? [];

/** Text for XML content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

const PREFIXES: Record<string, string> = { [NS.dav]: "d", [NS.caldav]: "c", [NS.calendarServer]: "cs", [NS.apple]: "a" };

/** A property's element name as written in an answer: with a known prefix, or with its own xmlns. */
export function qualified(ns: string, name: string): { open: string; close: string } {
  const prefix = PREFIXES[ns];
  if (prefix) return { open: `${prefix}:${name}`, close: `${prefix}:${name}` };
  return { open: `x:${name} xmlns:x="${escapeXml(ns)}"`, close: `x:${name}` };
}

/** The root of a multistatus answer, declaring every prefix the answers use. */
export function multistatus(responses: readonly string[], extra = ""): string {
  const xmlns = Object.entries(PREFIXES)
    .map(([ns, prefix]) => ` xmlns:${prefix}="${ns}"`)
    .join("");
  return `<?xml version="1.0" encoding="utf-8"?>\n<d:multistatus${xmlns}>${responses.join("")}${extra}</d:multistatus>`;
}
