import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localeFromAcceptLanguage, localeFromLanguageTags } from "../../core/i18n/locale";
import { buildTestApp, describeEachEngine, newUserBody, TestClient, type TestApp } from "../test/harness";
import { DEFAULT_STUDY_PREFERENCES } from "../../core/study-plan";

describe("choosing a language from the browser's (decision 108)", () => {
  it("takes the first language we speak, in the browser's order or by q-value", () => {
    expect(localeFromLanguageTags(["es-MX", "en-US"])).toBe("es");
    expect(localeFromLanguageTags(["en-US", "es"])).toBe("en");
    expect(localeFromLanguageTags(["fr-FR", "es-ES"])).toBe("es");
    expect(localeFromLanguageTags(["fr", "de"])).toBeNull();
    expect(localeFromAcceptLanguage("es-419,es;q=0.9,en;q=0.8")).toBe("es");
    expect(localeFromAcceptLanguage("en;q=0.5, es;q=0.9")).toBe("es");
    expect(localeFromAcceptLanguage("fr, es;q=0")).toBeNull();
    expect(localeFromAcceptLanguage("*")).toBeNull();
    expect(localeFromAcceptLanguage(undefined)).toBeNull();
  });
});

describeEachEngine("the language of the API's answers (decision 108)", (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(engine);
  });
  afterAll(async () => {
    await t.close();
  });

  it("keeps the account's language in its preferences and its user answer, English until chosen", async () => {
    const client = new TestClient(t.app);
    const { user } = await client.register();
    expect(user.locale).toBe("en");
    expect((await client.request("GET", "/api/user/preferences")).json()).toEqual({
      eveningSummaryTime: null,
      locale: "en",
      scheduleSource: "mine",
      appBadge: true,
      ...DEFAULT_STUDY_PREFERENCES,
      studyBlockReminders: false,
    });

    const saved = await client.request("PUT", "/api/user/preferences", { locale: "es" });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      eveningSummaryTime: null,
      locale: "es",
      scheduleSource: "mine",
      appBadge: true,
      ...DEFAULT_STUDY_PREFERENCES,
      studyBlockReminders: false,
    });
    expect((await client.request("GET", "/api/session")).json().user.locale).toBe("es");
    expect((await client.request("GET", "/api/user")).json().locale).toBe("es");
    // Another device of the same account reads it at its next load.
    const elsewhere = new TestClient(t.app);
    await elsewhere.login(user.email, newUserBody().password);
    expect((await elsewhere.request("GET", "/api/user")).json().locale).toBe("es");
  });

  it("refuses a language it does not speak, with the one error shape and a code, and keeps the old one", async () => {
    const client = new TestClient(t.app);
    await client.register();
    const refused = await client.request("PUT", "/api/user/preferences", { locale: "fr" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: "Language must be en or es",
      code: "validation.locale_invalid",
      errors: { locale: ["Language must be en or es"] },
    });
    expect((await client.request("GET", "/api/user/preferences")).json().locale).toBe("en");
  });

  it("words a refusal in a Spanish account's language, with the same code as in English", async () => {
    const english = new TestClient(t.app);
    await english.register();
    const spanish = new TestClient(t.app);
    await spanish.register();
    await spanish.request("PUT", "/api/user/preferences", { locale: "es" });

    const inEnglish = await english.request("DELETE", "/api/user", { password: " " });
    const inSpanish = await spanish.request("DELETE", "/api/user", { password: " " }, { "accept-language": "en" });
    expect(inEnglish.statusCode).toBe(400);
    expect(inSpanish.statusCode).toBe(400);
    expect(inEnglish.json()).toEqual({
      message: "Password is required",
      code: "auth.password_required",
      errors: { password: ["Password is required"] },
    });
    // The account's language wins over the browser's.
    expect(inSpanish.json()).toEqual({
      message: "La contraseña es obligatoria",
      code: "auth.password_required",
      errors: { password: ["La contraseña es obligatoria"] },
    });
  });

  it("words a visitor's refusal by Accept-Language, with the message's values as params", async () => {
    const visitor = new TestClient(t.app);
    const body = { ...newUserBody(), email: "not-an-email", password: "short" };
    const res = await visitor.request("POST", "/api/register", body, { "accept-language": "es-MX,es;q=0.9,en;q=0.5" });
    expect(res.statusCode).toBe(400);
    const answer = res.json();
    expect(answer.message).toBe("Correo electrónico no válido");
    expect(answer.code).toBe("auth.email_invalid");
    expect(answer.errors.email).toEqual(["Correo electrónico no válido"]);
    expect(answer.errors.password).toEqual([
      "La contraseña debe tener al menos 8 caracteres",
      "La contraseña debe tener al menos una letra mayúscula",
      "La contraseña debe tener al menos un número",
      "La contraseña debe tener al menos un carácter especial",
    ]);

    const weak = await visitor.request("POST", "/api/register", { ...newUserBody(), password: "short", confirmPassword: "short" });
    expect(weak.json()).toMatchObject({
      message: "Password must be at least 8 characters",
      code: "auth.password_too_short",
      params: { min: 8 },
    });
  });

  it("starts an account in the language it registered in", async () => {
    const client = new TestClient(t.app);
    const res = await client.request("POST", "/api/register", newUserBody(), { "accept-language": "es" });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().locale).toBe("es");
  });
});
