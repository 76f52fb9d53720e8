/**
 * iCalendar's text (RFC 5545 §3.1) as a tree of components and properties, written and read with no
 * library, so that the CalDAV mapping (objects.ts) runs wherever core does. Values are kept as they
 * are on the wire (escaped); `text` and `escapeText` convert the TEXT ones.
 */

export interface IcalProperty {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface IcalComponent {
  name: string;
  properties: IcalProperty[];
  components: IcalComponent[];
}

/** Text that is not iCalendar (or is not one VCALENDAR): the reason, for a 400's words. */
export class IcalSyntaxError extends Error {}

export const component = (name: string, properties: IcalProperty[] = [], components: IcalComponent[] = []): IcalComponent => ({
  name,
  properties,
  components,
});
export const property = (name: string, value: string, params: Record<string, string> = {}): IcalProperty => ({ name, params, value });

/** TEXT as written (§3.3.11): backslash, semicolon, comma and newline escaped. */
export function escapeText(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");
}

/** TEXT as read. */
export function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));
}

/** A property's first value by name, unescaped as TEXT; undefined when absent. */
export function text(of: IcalComponent, name: string): string | undefined {
  const found = of.properties.find((p) => p.name === name);
  return found === undefined ? undefined : unescapeText(found.value);
}

const encoder = new TextEncoder();

/** A content line folded at 75 octets (§3.1), never inside a UTF-8 sequence. */
function fold(line: string): string {
  if (encoder.encode(line).length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    if (size + bytes > (parts.length ? 74 : 75)) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

function paramValue(value: string): string {
  return /[;:,]/.test(value) ? `"${value.replace(/"/g, "")}"` : value;
}

/** The component as iCalendar text, CRLF line ends, each line folded. */
export function writeIcal(root: IcalComponent): string {
  const lines: string[] = [];
  const visit = (c: IcalComponent) => {
    lines.push(`BEGIN:${c.name}`);
    for (const p of c.properties) {
      const params = Object.entries(p.params)
        .map(([k, v]) => `;${k}=${paramValue(v)}`)
        .join("");
      lines.push(fold(`${p.name}${params}:${p.value}`));
    }
    c.components.forEach(visit);
    lines.push(`END:${c.name}`);
  };
  visit(root);
  return `${lines.join("\r\n")}\r\n`;
}

/** Splits `NAME;P=V;Q="a:b":value` at the colon outside quotes. */
function parseLine(line: string): IcalProperty {
  let quoted = false;
  let colon = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ":" && !quoted) {
      colon = i;
      break;
    }
  }
  if (colon < 0) throw new IcalSyntaxError(`a line without a value: ${line.slice(0, 40)}`);
  const head = line.slice(0, colon);
  const value = line.slice(colon + 1);
  const segments: string[] = [];
  quoted = false;
  let start = 0;
  for (let i = 0; i <= head.length; i++) {
    if (head[i] === '"') quoted = !quoted;
    if (i === head.length || (head[i] === ";" && !quoted)) {
      segments.push(head.slice(start, i));
      start = i + 1;
    }
  }
  const name = segments[0]!.toUpperCase();
  if (!/^[A-Z0-9-]+$/.test(name)) throw new IcalSyntaxError(`a property name that is not one: ${name.slice(0, 40)}`);
  const params: Record<string, string> = {};
  for (const segment of segments.slice(1)) {
    const eq = segment.indexOf("=");
    if (eq < 0) throw new IcalSyntaxError(`a parameter without a value on ${name}`);
    params[segment.slice(0, eq).toUpperCase()] = segment.slice(eq + 1).replace(/^"(.*)"$/, "$1");
  }
  return { name, params, value };
}

/** Reads one VCALENDAR (lines unfolded, names in upper case, values as on the wire). */
export function parseIcal(body: string): IcalComponent {
  const lines = body
    .replace(/\r?\n[ \t]/g, "")
    .split(/\r?\n/)
    .filter((l) => l.trim() !== "");
  const stack: IcalComponent[] = [];
  let root: IcalComponent | undefined;
  for (const line of lines) {
    const p = parseLine(line);
    if (p.name === "BEGIN") {
      const c = component(p.value.toUpperCase());
      if (stack.length) stack.at(-1)!.components.push(c);
      else if (root) throw new IcalSyntaxError("more than one VCALENDAR");
      else root = c;
      stack.push(c);
    } else if (p.name === "END") {
      const open = stack.pop();
      if (!open || open.name !== p.value.toUpperCase())
        throw new IcalSyntaxError(`END:${p.value} does not close ${open?.name ?? "anything"}`);
    } else if (stack.length) stack.at(-1)!.properties.push(p);
    else throw new IcalSyntaxError("a property outside any component");
  }
  if (!root || stack.length) throw new IcalSyntaxError(root ? `${stack.at(-1)!.name} is not closed` : "no VCALENDAR");
  if (root.name !== "VCALENDAR") throw new IcalSyntaxError("the object is not a VCALENDAR");
  return root;
}
