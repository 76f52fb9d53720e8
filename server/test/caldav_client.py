"""A second CalDAV client for the API suite (issue 52): Debian's python3-caldav, written by others.

Given the server's bare address, a user name and a device password, it discovers the calendars,
reads the events and tasks, makes a task, ticks it, makes another and deletes it, makes an event
series with a removed and a moved date, renames it, makes another and deletes it, and prints what
it saw as JSON for server/caldav-python.test.ts to check against the app.
"""
import json
import sys

import caldav

url, username, password = sys.argv[1:4]
client = caldav.DAVClient(url=url, username=username, password=password)
principal = client.principal()
calendars = principal.calendars()
by_path = {str(c.url).rstrip("/").rsplit("/", 1)[-1]: c for c in calendars}
tasks = by_path["tasks"]
events = by_path["events"]

seen = {
    "calendars": sorted((str(c.url).rstrip("/").rsplit("/", 1)[-1], c.name) for c in calendars),
    "events": sorted(str(e.data).count("BEGIN:VEVENT") for e in events.events()),
    "event_rules": sorted(hasattr(e.vobject_instance.vevent, "rrule") for e in events.events()),
    "todos_before": sorted(t.vobject_instance.vtodo.summary.value for t in tasks.todos(include_completed=True)),
}

made = tasks.save_todo(
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//python-caldav test//EN\r\nBEGIN:VTODO\r\n"
    "UID:python-caldav-1\r\nDTSTAMP:20261129T120000Z\r\nSUMMARY:Return library books\r\n"
    "DUE;VALUE=DATE:20261204\r\nPRIORITY:9\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
)
made.complete()
gone = tasks.save_todo(
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//python-caldav test//EN\r\nBEGIN:VTODO\r\n"
    "UID:python-caldav-2\r\nDTSTAMP:20261129T120000Z\r\nSUMMARY:Made by mistake\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
)
gone.delete()
seen["todos_after"] = sorted(
    (t.vobject_instance.vtodo.summary.value, t.vobject_instance.vtodo.status.value if hasattr(t.vobject_instance.vtodo, "status") else None)
    for t in tasks.todos(include_completed=True)
)

SERIES = (
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//python-caldav test//EN\r\n"
    "BEGIN:VEVENT\r\nUID:python-caldav-series\r\nDTSTAMP:20261129T120000Z\r\nSUMMARY:{summary}\r\n"
    "DTSTART:20261207T210000Z\r\nDTEND:20261207T223000Z\r\nRRULE:FREQ=WEEKLY;COUNT=4\r\n"
    "EXDATE:20261214T210000Z\r\nEND:VEVENT\r\n"
    "BEGIN:VEVENT\r\nUID:python-caldav-series\r\nDTSTAMP:20261129T120000Z\r\nSUMMARY:Debate (moved)\r\n"
    "RECURRENCE-ID:20261221T210000Z\r\nDTSTART:20261222T210000Z\r\nDTEND:20261222T220000Z\r\nEND:VEVENT\r\n"
    "END:VCALENDAR\r\n"
)
series = events.save_event(SERIES.format(summary="Debate club"))
series.load()
series.data = str(series.data).replace("SUMMARY:Debate club", "SUMMARY:Debate team")
series.save()
mistake = events.save_event(
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//python-caldav test//EN\r\nBEGIN:VEVENT\r\n"
    "UID:python-caldav-mistake\r\nDTSTAMP:20261129T120000Z\r\nSUMMARY:Wrong day\r\n"
    "DTSTART;VALUE=DATE:20261208\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
)
mistake.delete()
seen["events_after"] = sorted(
    (str(e.vobject_instance.vevent.summary.value), str(e.data).count("BEGIN:VEVENT"), "EXDATE" in str(e.data)) for e in events.events()
)
print(json.dumps(seen))
