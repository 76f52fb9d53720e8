import { describe, expect, it } from "vitest";
import { notificationFor, NOTIFICATION_BADGE, NOTIFICATION_ICON } from "./push-message";

describe("notificationFor", () => {
  it("shows our payload with its tag, the app's icon and badge, and opens its url", () => {
    expect(notificationFor(JSON.stringify({ title: "Assembly", body: "Gym at 10", url: "/#calendar", tag: "message-1" }))).toEqual({
      title: "Assembly",
      options: { body: "Gym at 10", tag: "message-1", icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE, data: { url: "/#calendar" } },
    });
  });

  it("reads the declarative form iOS understands", () => {
    const spec = notificationFor(JSON.stringify({ web_push: 8030, notification: { title: "Hi", body: "There", navigate: "/#todo" } }));
    expect(spec.title).toBe("Hi");
    expect(spec.options.data.url).toBe("/#todo");
  });

  it("never opens another site, and always shows something", () => {
    expect(notificationFor(JSON.stringify({ title: "x", body: "y", url: "https://evil.example/" })).options.data.url).toBe("/");
    expect(notificationFor(JSON.stringify({ title: "x", body: "y", url: "//evil.example/" })).options.data.url).toBe("/");
    expect(notificationFor("plain words")).toMatchObject({ title: "Student Hub", options: { body: "plain words" } });
    expect(notificationFor(null)).toMatchObject({ title: "Student Hub", options: { body: "" } });
    expect(notificationFor("{}").title).toBe("Student Hub");
  });

  it("carries a reminder's count for the app icon (decision 119); a push without one, or with no count, leaves the icon alone", () => {
    const reminder = { title: "Essay · 3:00 PM, today", body: "Task due", url: "/?task=4#todo", tag: "reminder-task-4-0" };
    expect(notificationFor(JSON.stringify({ ...reminder, badge: 3 })).appBadge).toBe(3);
    expect(notificationFor(JSON.stringify({ ...reminder, badge: 0 })).appBadge).toBe(0);
    // The payload as before (a server from before it, or the student turned the badge off): as before, no count.
    expect(notificationFor(JSON.stringify(reminder))).toEqual({
      title: reminder.title,
      options: { body: "Task due", tag: reminder.tag, icon: NOTIFICATION_ICON, badge: NOTIFICATION_BADGE, data: { url: reminder.url } },
    });
    for (const badge of [-1, 2.5, "3", null, Number.MAX_VALUE])
      expect(notificationFor(JSON.stringify({ ...reminder, badge })).appBadge).toBeUndefined();
    expect(notificationFor("plain words").appBadge).toBeUndefined();
  });
});
