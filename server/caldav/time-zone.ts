import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { writeIcal } from "../../core/caldav/icalendar";
import type { IcalComponent } from "../../core/caldav/icalendar";

/**
 * A calendar's iCalendar text with the school's VTIMEZONE before its first event or task, when a
 * time names the zone (RFC 5545 §3.6.5: every TZID used is defined in the object). The CalDAV
 * objects and the calendar feed are written by core/caldav/objects.ts; the zone's definition comes
 * from a table of the zones (@touch4it/ical-timezones), which only the server carries.
 */
export function icalWithTimeZone(calendar: IcalComponent, timeZone: string): string {
  const text = writeIcal(calendar);
  if (!text.includes(";TZID=")) return text;
  const zone = getVtimezoneComponent(timeZone);
  if (!zone) return text;
  const at = text.search(/BEGIN:V(EVENT|TODO)/);
  return `${text.slice(0, at)}${zone.replace(/\r?\n/g, "\r\n").replace(/(\r\n)?$/, "\r\n")}${text.slice(at)}`;
}
