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
});
