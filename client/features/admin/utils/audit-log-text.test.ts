import { describe, expect, it } from "vitest";
import { auditActionLabel } from "@core/admin";
import type { AuditLogEntry } from "@core/schemas/admin";
import { wordsIn } from "@/test/words";
import { actorText, auditLogAsText, detailsText, easternTime } from "./audit-log-text";

const en = wordsIn("en");
const es = wordsIn("es");

/** Three entries, newest first, as the server lists them. */
const ENTRIES: AuditLogEntry[] = [
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
];

describe("audit log text", () => {
  it("labels the spec's actions as the spec words them, and passes an unknown one through", () => {
    expect(auditActionLabel("USER_DELETED", en)).toBe("Account Deleted");
    expect(auditActionLabel("PASSWORD_RESET", en)).toBe("Password Reset");
    expect(auditActionLabel("SOMETHING_NEW", en)).toBe("SOMETHING_NEW");
  });

  it("shows times in US Eastern, standard and daylight time alike", () => {
    expect(easternTime("2026-11-25T19:05:07.000Z", "en")).toBe("Nov 25, 2026, 2:05:07 PM EST");
    expect(easternTime("2026-07-04T16:00:00.000Z", "en")).toBe("Jul 4, 2026, 12:00:00 PM EDT");
    expect(easternTime("not a time", "en")).toBe("not a time");
  });

  it("reads the server's JSON details as words, and plain text as it is", () => {
    expect(detailsText('{"reason":"wrong passcode"}', en)).toBe("reason: wrong passcode");
    expect(detailsText('{"instagramUrl":"https://x.example/","logoUrl":null}', en)).toBe("instagramUrl: https://x.example/, logoUrl: none");
    expect(detailsText("Wrong passcode", en)).toBe("Wrong passcode");
    expect(detailsText("{}", en)).toBeNull();
    expect(detailsText(null, en)).toBeNull();
  });

  it("names an admin acting as one Admin, and a student acting on her own account By", () => {
    expect(actorText({ adminUserEmail: "ms.lee@school.org", actorEmail: "ms.lee@school.org" })).toEqual({
      asAdmin: true,
      email: "ms.lee@school.org",
    });
    expect(actorText({ adminUserEmail: null, actorEmail: "ava@student.test" })).toEqual({ asAdmin: false, email: "ava@student.test" });
    expect(actorText({ adminUserEmail: null, actorEmail: null })).toEqual({ asAdmin: false, email: null });
  });

  it("words an announcement's details, its audience and devices too, in the reader's language (issue 49)", () => {
    const details = JSON.stringify({ title: "Picture day", audience: "students", devices: 3 });
    expect(detailsText(details, en)).toBe("title: Picture day, audience: Students, devices: 3");
    expect(detailsText(details, es)).toBe("título: Picture day, destinatarios: Estudiantes, dispositivos: 3");
  });

  it("labels a push that reached no device as not delivered", () => {
    expect(auditActionLabel("PUSH_NOT_DELIVERED", en)).toBe("Push Not Delivered");
    expect(detailsText(JSON.stringify({ title: "Assembly", reason: "no device" }), en)).toBe("title: Assembly, reason: no device");
  });

  it("labels a roster import with the count of accounts it created, in both languages", () => {
    expect(auditActionLabel("USERS_IMPORTED", en)).toBe("Students Imported");
    expect(auditActionLabel("USERS_IMPORTED", es)).toBe("Estudiantes importados");
    expect(detailsText(JSON.stringify({ count: 12 }), en)).toBe("count: 12");
    expect(detailsText(JSON.stringify({ count: 12 }), es)).toBe("cantidad: 12");
  });

  it("copies one line per entry, with dashes for missing emails", () => {
    const text = auditLogAsText(ENTRIES, en, "en");
    expect(text).toBe(
      "Nov 25, 2026, 2:10:00 PM EST | Password Changed | target: ava@student.test | by: ava@student.test\n" +
        "Nov 25, 2026, 2:05:07 PM EST | Password Reset | target: sam@school.org | admin: ms.lee@school.org\n" +
        "Nov 25, 2026, 2:00:00 PM EST | Admin Unlock Failed | target: - | admin: ms.lee@school.org | reason: wrong passcode",
    );
  });

  it("words the entries in Spanish: labels, the server's details and reasons, times in 12-hour Eastern", () => {
    expect(auditActionLabel("USER_DELETED", es)).toBe("Cuenta eliminada");
    expect(auditActionLabel("SOMETHING_NEW", es)).toBe("SOMETHING_NEW");
    expect(easternTime("2026-11-25T19:05:07.000Z", "es")).toBe("25 nov 2026, 2:05:07 p. m. GMT-5");
    expect(detailsText('{"instagramUrl":"https://x.example/","logoUrl":null}', es)).toBe(
      "URL del perfil social: https://x.example/, URL del logo: ninguno",
    );
    // A title is the admin's own text; an unknown key or reason shows as recorded.
    expect(detailsText(JSON.stringify({ title: "Asamblea", reason: "no device", extra: "x" }), es)).toBe(
      "título: Asamblea, motivo: ningún dispositivo, extra: x",
    );
    expect(detailsText(JSON.stringify({ reason: "something new" }), es)).toBe("motivo: something new");
    expect(auditLogAsText(ENTRIES, es, "es")).toBe(
      "25 nov 2026, 2:10:00 p. m. GMT-5 | Contraseña cambiada | usuario: ava@student.test | por: ava@student.test\n" +
        "25 nov 2026, 2:05:07 p. m. GMT-5 | Contraseña restablecida | usuario: sam@school.org | administrador: ms.lee@school.org\n" +
        "25 nov 2026, 2:00:00 p. m. GMT-5 | Desbloqueo fallido | usuario: - | administrador: ms.lee@school.org | motivo: código de acceso incorrecto",
    );
  });
});
