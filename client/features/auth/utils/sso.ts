import type { RegistrationMode } from "@/api/auth/sign-in-reads";
import { ApiError } from "@/lib/api/errors";
import type { PlainMessageId } from "@core/i18n/translate";

/** What a provider's return can say went wrong (`/auth?sso_error=<code>`, issue 35), each with its words for a student. */
const SSO_ERROR_MESSAGES: Readonly<Record<string, PlainMessageId>> = {
  provider_error: "sso.error_provider_error",
  provider_unavailable: "sso.error_provider_unavailable",
  login_expired: "sso.error_login_expired",
  invalid_response: "sso.error_invalid_response",
  email_not_verified: "sso.error_email_not_verified",
  domain_not_allowed: "sso.error_domain_not_allowed",
  no_account: "sso.error_no_account",
  wrong_account: "sso.error_wrong_account",
  unknown_provider: "sso.error_unknown_provider",
};

export const SSO_ERROR_CODES = Object.keys(SSO_ERROR_MESSAGES);

/** The message for an `sso_error` code; a code this client does not know still says that signing in did not work. */
export function ssoErrorMessageId(code: string): PlainMessageId {
  return Object.hasOwn(SSO_ERROR_MESSAGES, code) ? SSO_ERROR_MESSAGES[code]! : "sso.error_generic";
}

/**
 * What the auth screen offers under a sign-up policy: the register form only when anyone may make
 * an account; otherwise a line saying how accounts are made instead of the "Create an account" link.
 */
export function registrationOffer(mode: RegistrationMode): { canRegister: boolean; note: PlainMessageId | null } {
  if (mode === "sso-only") return { canRegister: false, note: "sso.registration_sso_only" };
  if (mode === "closed") return { canRegister: false, note: "sso.registration_closed" };
  return { canRegister: true, note: null };
}

/**
 * Where signing in with a provider starts: the server's redirect to the provider, reached by a
 * full-page navigation. `confirm-deletion` makes it the fresh sign-in that confirms deleting the
 * account.
 */
export function ssoStartHref(providerId: string, purpose?: "confirm-deletion"): string {
  const path = `/auth/sso/${encodeURIComponent(providerId)}`;
  return purpose ? `${path}?purpose=${purpose}` : path;
}

/** The server's answer to deleting an account without a password when its provider sign-in is over 10 minutes old. */
export const REAUTHENTICATION_REQUIRED = "auth.reauthentication_required";

export function needsReauthentication(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 401 && (error.data as { code?: unknown } | undefined)?.code === REAUTHENTICATION_REQUIRED
  );
}

/**
 * How the delete dialog asks the student to confirm: with the password (`password`); with a fresh
 * sign-in at the account's provider (`provider`); or not again, the student being back from it
 * (`confirmed`, until the server says it is too old: `confirmAgain`). An account whose methods cannot
 * be read is asked for its password, as before issue 35: the server asks for it unless the account
 * has none. `loading` meanwhile.
 */
export function deletionConfirmation(
  methods: { password: boolean } | undefined,
  { failed, confirmed, confirmAgain }: { failed: boolean; confirmed: boolean; confirmAgain: boolean },
): "loading" | "password" | "provider" | "confirmed" {
  if (methods?.password) return "password";
  if (confirmed && !confirmAgain) return "confirmed";
  if (methods) return "provider";
  return failed ? "password" : "loading";
}
