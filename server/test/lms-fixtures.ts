/**
 * Feeds shaped like the LMSs' real exports (decision 117), for the parser's and the API's tests:
 * Canvas (UTC times, all-day VALUE=DATE due dates, "Title [Course]", event-assignment-N UIDs),
 * Schoology (local times with a custom TZID and its VTIMEZONE, links in the description) and
 * Google Calendar's secret iCal address for a Classroom class calendar (X-WR-CALNAME, an IANA
 * TZID, a weekly series). Lines are folded at 75 octets as RFC 5545 asks.
 */

/** Folds one content line at 75 octets (CRLF and a space), as the LMSs do. */
export function fold(line: string): string {
  const out: string[] = [];
  let rest = line;
  let first = true;
  while (Buffer.byteLength(rest) > (first ? 75 : 74)) {
    let cut = first ? 75 : 74;
    while (Buffer.byteLength(rest.slice(0, cut)) > (first ? 75 : 74)) cut--;
    out.push(rest.slice(0, cut));
    rest = rest.slice(cut);
    first = false;
  }
  out.push(rest);
  return out.join("\r\n ");
}

function calendar(lines: string[]): string {
  return lines.map(fold).join("\r\n") + "\r\n";
}

export interface CanvasAssignment {
  id: number;
  title: string;
  course: string;
  /** `20261203T045900Z` or, all-day, `20261205`. */
  due: string;
}

export function canvasFeed(assignments: readonly CanvasAssignment[], extra: string[] = []): string {
  const events = assignments.flatMap((a) => {
    const allDay = !a.due.includes("T");
    const start = allDay ? `DTSTART;VALUE=DATE:${a.due}` : `DTSTART:${a.due}`;
    const end = allDay ? `DTEND;VALUE=DATE:${a.due}` : `DTEND:${a.due}`;
    return [
      "BEGIN:VEVENT",
      end,
      "DTSTAMP:20261120T120000Z",
      start,
      "CLASS:PUBLIC",
      `DESCRIPTION:Answer the questions at the end of the chapter in complete sentences and upload a PDF of your work before the due date. Late work loses 10% a day.`,
      "SEQUENCE:0",
      `SUMMARY:${a.title} [${a.course}]`,
      `URL;VALUE=URI:https://lincoln.instructure.com/courses/4821/assignments/${a.id}`,
      `UID:event-assignment-${a.id}`,
      `X-ALT-DESC;FMTTYPE=text/html:<p>Answer the questions at the end of the chapter in complete sentences.</p>`,
      "END:VEVENT",
    ];
  });
  return calendar([
    "BEGIN:VCALENDAR",
    "PRODID:icalendar-ruby",
    "CALSCALE:GREGORIAN",
    "VERSION:2.0",
    "METHOD:PUBLISH",
    "X-WR-CALNAME:Jordan Lee Calendar (Canvas)",
    "X-WR-CALDESC:Calendar events for the user\\, Jordan Lee",
    ...events,
    ...extra,
    "END:VCALENDAR",
  ]);
}

/** A Canvas calendar event (not an assignment). */
export const CANVAS_CALENDAR_EVENT = [
  "BEGIN:VEVENT",
  "DTEND:20261204T170000Z",
  "DTSTAMP:20261120T120000Z",
  "DTSTART:20261204T150000Z",
  "SUMMARY:Field trip to the science museum [BIO 9 - Biology]",
  "URL;VALUE=URI:https://lincoln.instructure.com/calendar?event_id=42&include_contexts=course_4821",
  "UID:event-calendar-event-42",
  "END:VEVENT",
];

export function schoologyFeed(dueLocal = "20261207T235900", title = "Chapter 5 worksheet"): string {
  return calendar([
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Schoology Inc//Schoology Calendar//EN",
    "X-WR-CALNAME:Schoology",
    "BEGIN:VTIMEZONE",
    "TZID:Eastern Standard Time",
    "BEGIN:STANDARD",
    "DTSTART:16011104T020000",
    "RRULE:FREQ=YEARLY;BYDAY=1SU;BYMONTH=11",
    "TZOFFSETFROM:-0400",
    "TZOFFSETTO:-0500",
    "END:STANDARD",
    "BEGIN:DAYLIGHT",
    "DTSTART:16010311T020000",
    "RRULE:FREQ=YEARLY;BYDAY=2SU;BYMONTH=3",
    "TZOFFSETFROM:-0500",
    "TZOFFSETTO:-0400",
    "END:DAYLIGHT",
    "END:VTIMEZONE",
    "BEGIN:VEVENT",
    "UID:assignment-7712345@schoology.com",
    "DTSTAMP:20261120T120000Z",
    `DTSTART;TZID=Eastern Standard Time:${dueLocal}`,
    `SUMMARY:${title}`,
    "CATEGORIES:Algebra I: Section 2",
    "DESCRIPTION:Complete problems 1-30 (odd only). Show all work. Link: https://app.schoology.com/assignment/7712345",
    "END:VEVENT",
    "END:VCALENDAR",
  ]);
}

export function googleClassroomFeed(): string {
  return calendar([
    "BEGIN:VCALENDAR",
    "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "X-WR-CALNAME:Biology 9 - Period 3",
    "X-WR-TIMEZONE:America/New_York",
    "BEGIN:VTIMEZONE",
    "TZID:America/New_York",
    "X-LIC-LOCATION:America/New_York",
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:-0500",
    "TZOFFSETTO:-0400",
    "TZNAME:EDT",
    "DTSTART:19700308T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:-0400",
    "TZOFFSETTO:-0500",
    "TZNAME:EST",
    "DTSTART:19701101T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
    "END:STANDARD",
    "END:VTIMEZONE",
    "BEGIN:VEVENT",
    "DTSTART:20261208T163000Z",
    "DTEND:20261208T163000Z",
    "DTSTAMP:20261120T120000Z",
    "UID:1q2w3e4r5t6y7u8i9o0p@google.com",
    "CREATED:20261101T120000Z",
    "DESCRIPTION:Read chapter 5 and answer the review questions.\\n\\nhttps://classroom.google.com/c/NjA0MjU1NTQ0/a/NzA1OTk4MzEy/details",
    "LAST-MODIFIED:20261101T120000Z",
    "SEQUENCE:0",
    "STATUS:CONFIRMED",
    "SUMMARY:Chapter 5 reading",
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "DTSTART;TZID=America/New_York:20261201T090000",
    "DTEND;TZID=America/New_York:20261201T095000",
    "RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=3",
    "DTSTAMP:20261120T120000Z",
    "UID:weeklylab0001@google.com",
    "SUMMARY:Lab notebook check",
    "DESCRIPTION:https://classroom.google.com/c/NjA0MjU1NTQ0/a/NzA2MDAwMDAx/details",
    "END:VEVENT",
    "END:VCALENDAR",
  ]);
}
