import { describe, expect, it } from "vitest";
import { auditActionLabel } from "@core/admin";
import { actorText, auditLogAsText, detailsText, easternTime } from "./audit-log-text";

describe("audit log text", () => {
  it("labels the spec's actions as the spec words them, and passes an unknown one through", () => {
    expect(auditActionLabel("USER_DELETED")).toBe("Account Deleted");
    expect(auditActionLabel("PASSWORD_RESET")).toBe("Password Reset");
    expect(auditActionLabel("SOMETHING_NEW")).toBe("SOMETHING_NEW");
  });

  it("shows times in US Eastern, standard and daylight time alike", () => {
    expect(easternTime("2026-11-25T19:05:07.000Z")).toBe("Nov 25, 2026, 2:05:07 PM EST");
    expect(easternTime("2026-07-04T16:00:00.000Z")).toBe("Jul 4, 2026, 12:00:00 PM EDT");
    expect(easternTime("not a time")).toBe("not a time");
  });

  it("reads the server's JSON details as words, and plain text as it is", () => {
    expect(detailsText('{"reason":"wrong passcode"}')).toBe("reason: wrong passcode");
    expect(detailsText('{"instagramUrl":"https://x.example/","logoUrl":null}')).toBe("instagramUrl: https://x.example/, logoUrl: none");
    expect(detailsText("Wrong passcode")).toBe("Wrong passcode");
    expect(detailsText("{}")).toBeNull();
    expect(detailsText(null)).toBeNull();
  });

  it("names an admin acting as one Admin, and a student acting on her own account By", () => {
    expect(actorText({ adminUserEmail: "ms.lee@school.org", actorEmail: "ms.lee@school.org" })).toEqual({
      label: "Admin",
      email: "ms.lee@school.org",
    });
    expect(actorText({ adminUserEmail: null, actorEmail: "ava@student.test" })).toEqual({ label: "By", email: "ava@student.test" });
    expect(actorText({ adminUserEmail: null, actorEmail: null })).toEqual({ label: "By", email: null });
  });

  it("labels a push that reached no device as not delivered", () => {
    expect(auditActionLabel("PUSH_NOT_DELIVERED")).toBe("Push Not Delivered");
    expect(detailsText(JSON.stringify({ title: "Assembly", reason: "no device" }))).toBe("title: Assembly, reason: no device");
  });

  it("copies one line per entry, with dashes for missing emails", () => {
    const text = auditLogAsText([
      {
        id: 3,
        action: "PASSWORD_CHANGED",
        targetUserEmail: "ava@student.test",
        adminUserEmail: null,
        actorEmail: "ava@student.test",
        details: null,
        createdAt: "2026-11-25T19:10:00.000Z",
      },
      {
        id: 2,
        action: "PASSWORD_RESET",
        targetUserEmail: "sam@school.org",
        adminUserEmail: "ms.lee@school.org",
        actorEmail: "ms.lee@school.org",
        details: null,
        createdAt: "2026-11-25T19:05:07.000Z",
      },
      {
        id: 1,
        action: "ADMIN_UNLOCK_FAILED",
        targetUserEmail: null,
        adminUserEmail: "ms.lee@school.org",
        actorEmail: "ms.lee@school.org",
        details: JSON.stringify({ reason: "wrong passcode" }),
        createdAt: "2026-11-25T19:00:00.000Z",
      },
    ]);
    expect(text).toBe(
      "Nov 25, 2026, 2:10:00 PM EST | Password Changed | target: ava@student.test | by: ava@student.test\n" +
        "Nov 25, 2026, 2:05:07 PM EST | Password Reset | target: sam@school.org | admin: ms.lee@school.org\n" +
        "Nov 25, 2026, 2:00:00 PM EST | Admin Unlock Failed | target: - | admin: ms.lee@school.org | reason: wrong passcode",
    );
  });
});
