import { describe, expect, it } from "vitest";
import { providersOf, registrationModeOf } from "@/api/auth/sign-in-reads";
import { signInMethodsOf } from "@/api/user/sign-in-methods";
import { ApiError } from "@/lib/api/errors";
import {
  deletionConfirmation,
  needsReauthentication,
  registrationOffer,
  SSO_ERROR_CODES,
  ssoErrorMessageId,
  ssoStartHref,
} from "@/features/auth/utils/sso";
import { deletionReturnOf } from "@/features/auth/utils/deletion-return";
import { wordsIn } from "@/test/words";

describe("the message for a provider's return (?sso_error=<code>)", () => {
  const english = wordsIn("en");
  const spanish = wordsIn("es");

  it("has its own words for every code the server sends, in English and Spanish", () => {
    expect(SSO_ERROR_CODES.sort()).toEqual(
      [
        "domain_not_allowed",
        "email_not_verified",
        "invalid_response",
        "login_expired",
        "no_account",
        "provider_error",
        "provider_unavailable",
        "unknown_provider",
        "wrong_account",
      ].sort(),
    );
    const ids = SSO_ERROR_CODES.map(ssoErrorMessageId);
    expect(new Set(ids).size).toBe(SSO_ERROR_CODES.length);
    expect(ids).not.toContain("sso.error_generic");
    for (const id of ids) {
      // Worded (not the id itself), and worded differently in each language.
      expect(english(id)).not.toBe(id);
      expect(spanish(id)).not.toBe(id);
      expect(spanish(id)).not.toBe(english(id));
    }
    expect(english(ssoErrorMessageId("domain_not_allowed"))).toBe("That account isn't from your school. Sign in with your school account.");
    expect(spanish(ssoErrorMessageId("no_account"))).toBe(
      "Todavía no hay una cuenta de Student Hub con ese correo. Pídele a tu escuela que te cree una.",
    );
  });

  it("says signing in did not work for a code it does not know, including one named like an object's own property", () => {
    for (const code of ["", "something_new", "constructor", "__proto__", "toString"]) {
      expect(ssoErrorMessageId(code)).toBe("sso.error_generic");
    }
    expect(wordsIn("en")("sso.error_generic")).toBe("Signing in with your school account didn't work. Try again.");
  });
});

describe("the sign-up policy (GET /api/auth/registration)", () => {
  it("offers the register form only when registration is open", () => {
    expect(registrationOffer("open")).toEqual({ canRegister: true, note: null });
    expect(registrationOffer("sso-only")).toEqual({ canRegister: false, note: "sso.registration_sso_only" });
    expect(registrationOffer("closed")).toEqual({ canRegister: false, note: "sso.registration_closed" });
  });

  it("reads the mode of the answer, and anything it does not know as open (the server still refuses)", () => {
    expect(registrationModeOf({ mode: "sso-only" })).toBe("sso-only");
    expect(registrationModeOf({ mode: "closed" })).toBe("closed");
    expect(registrationModeOf({ mode: "open" })).toBe("open");
    for (const answer of [null, undefined, {}, { mode: "invite-only" }, "closed", []]) expect(registrationModeOf(answer)).toBe("open");
  });
});

describe("the school's providers (GET /api/auth/providers)", () => {
  it("keeps well-formed entries only", () => {
    expect(providersOf([{ id: "google", label: "Sign in with Google" }])).toEqual([{ id: "google", label: "Sign in with Google" }]);
    expect(providersOf([{ id: "", label: "x" }, { id: "ms" }, null, "google", { id: "ms", label: "Microsoft" }])).toEqual([
      { id: "ms", label: "Microsoft" },
    ]);
    expect(providersOf(null)).toEqual([]);
    expect(providersOf({ providers: [] })).toEqual([]);
  });

  it("starts each at /auth/sso/{id}, the id escaped, with the deletion's purpose when confirming one", () => {
    expect(ssoStartHref("google")).toBe("/auth/sso/google");
    expect(ssoStartHref("school one/x")).toBe("/auth/sso/school%20one%2Fx");
    expect(ssoStartHref("microsoft", "confirm-deletion")).toBe("/auth/sso/microsoft?purpose=confirm-deletion");
  });
});

describe("deleting an account without a password", () => {
  it("reads the account's sign-in methods, asking for the password unless the account has none", () => {
    expect(signInMethodsOf({ password: false, providers: [{ id: "google", label: "Google" }] })).toEqual({
      password: false,
      providers: [{ id: "google", label: "Google" }],
    });
    expect(signInMethodsOf({ password: true, providers: [] })).toEqual({ password: true, providers: [] });
    expect(signInMethodsOf(null)).toEqual({ password: true, providers: [] });
    expect(signInMethodsOf({ providers: "google" })).toEqual({ password: true, providers: [] });
  });

  it("knows the return from the provider by the address", () => {
    expect(deletionReturnOf("?confirm=delete-account")).toEqual({ confirmed: true, ssoError: null });
    expect(deletionReturnOf("confirm=delete-account&x=1")).toEqual({ confirmed: true, ssoError: null });
    expect(deletionReturnOf("?sso_error=wrong_account")).toEqual({ confirmed: false, ssoError: "wrong_account" });
    expect(deletionReturnOf("?confirm=something-else")).toBeNull();
    expect(deletionReturnOf("")).toBeNull();
  });

  it("tells the 401 asking for a fresh provider sign-in from any other refusal", () => {
    const body = (code: string) => JSON.stringify({ message: "…", code });
    expect(needsReauthentication(new ApiError(401, body("auth.reauthentication_required"), "Unauthorized"))).toBe(true);
    expect(needsReauthentication(new ApiError(401, body("auth.invalid_password"), "Unauthorized"))).toBe(false);
    expect(needsReauthentication(new ApiError(403, body("auth.reauthentication_required"), "Forbidden"))).toBe(false);
    expect(needsReauthentication(new Error("401"))).toBe(false);
  });
});

describe("how the delete dialog asks to confirm", () => {
  const none = { failed: false, confirmed: false, confirmAgain: false };
  it("asks an account with a password for it, whatever the address says", () => {
    expect(deletionConfirmation({ password: true }, none)).toBe("password");
    expect(deletionConfirmation({ password: true }, { ...none, confirmed: true })).toBe("password");
  });

  it("sends an account without one to its provider, and lets it delete once back, until the server finds that too old", () => {
    expect(deletionConfirmation({ password: false }, none)).toBe("provider");
    expect(deletionConfirmation({ password: false }, { ...none, confirmed: true })).toBe("confirmed");
    // Back from the provider, the final button does not wait for the account's methods.
    expect(deletionConfirmation(undefined, { ...none, confirmed: true })).toBe("confirmed");
    expect(deletionConfirmation({ password: false }, { ...none, confirmed: true, confirmAgain: true })).toBe("provider");
  });

  it("waits for the account's methods, and asks for the password when they cannot be read", () => {
    expect(deletionConfirmation(undefined, none)).toBe("loading");
    expect(deletionConfirmation(undefined, { ...none, failed: true })).toBe("password");
  });
});
