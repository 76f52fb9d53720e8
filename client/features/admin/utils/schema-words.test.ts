import { describe, expect, it } from "vitest";
import { adminSettingsSchema } from "@core/schemas/admin";
import { IMPORT_NEEDS_EMPTY_ACCOUNT, NOT_AN_EXPORT } from "@core/schemas/export";
import { fieldErrors } from "@core/schemas/field-errors";
import { SUMMARY_TIME_MESSAGE } from "@core/schemas/preferences";
import { PUSH_PAYLOAD_TOO_LARGE, pushSendSchema } from "@core/schemas/push";
import { refIn } from "@/test/words";

const es = refIn("es");
const en = refIn("en");

describe("the admin panel's and Settings' refusals in Spanish (decision 108)", () => {
  it("words the settings URLs' and the push's field messages", () => {
    const settings = adminSettingsSchema.safeParse({ instagramUrl: "javascript:alert(1)", logoUrl: "ftp://x" });
    const errors = settings.success ? {} : fieldErrors(settings.error);
    expect(es(errors.instagramUrl![0]!)).toBe("La URL del perfil social debe ser una dirección completa http:// o https://");
    expect(en(errors.logoUrl![0]!)).toBe("Logo URL must be a full http:// or https:// address");

    const push = pushSendSchema.safeParse({ externalUserIds: [1], title: "x".repeat(121), body: "" });
    const pushErrors = push.success ? {} : fieldErrors(push.error);
    expect(es(pushErrors.title![0]!)).toBe("El título debe tener como máximo 120 caracteres");
    expect(es(pushErrors.body![0]!)).toBe("El título y el mensaje son obligatorios");
    expect(es(PUSH_PAYLOAD_TOO_LARGE)).toBe("El título y el mensaje son demasiado largos para una notificación");
  });

  it("words the evening summary's and the import's", () => {
    expect(es(SUMMARY_TIME_MESSAGE)).toBe("La hora del resumen de la tarde debe tener el formato HH:mm, o null para desactivarlo");
    expect(es(NOT_AN_EXPORT)).toBe("Este archivo no es una descarga de Student Hub");
    expect(en(IMPORT_NEEDS_EMPTY_ACCOUNT)).toBe(
      "Your account already has tasks or events. Import restores an export into an empty account: delete them first, or use a new account.",
    );
  });
});
