import type { QueryClient } from "@tanstack/react-query";
import { apiJson } from "@/lib/api/transport";
import type { Locale } from "@core/i18n/locale";

/**
 * The auth screen's reads of the school sign-in (issue 35), without TanStack Query's functions: the
 * router downloads this module beside the auth screen's code to ask for them at once, and a module
 * of its own that used them would split the library's chunks the Home tab downloads.
 */

/** A way to sign in with a school's account: `label` comes worded in the app's language. */
export type SsoProvider = { id: string; label: string };

/** Who may make an account here: anyone (`open`), only a provider's sign-in (`sso-only`), nobody (`closed`). */
export type RegistrationMode = "open" | "sso-only" | "closed";

const REGISTRATION_MODES: readonly RegistrationMode[] = ["open", "sso-only", "closed"];

/** The providers of an answer, keeping only well-formed entries: a bad one shows no button rather than a broken one. */
export function providersOf(answer: unknown): SsoProvider[] {
  if (!Array.isArray(answer)) return [];
  return answer.filter(
    (item): item is SsoProvider =>
      typeof item === "object" && item !== null && typeof item.id === "string" && item.id !== "" && typeof item.label === "string",
  );
}

/**
 * The sign-up policy of an answer. Anything else (a mode this client does not know, a failed read)
 * counts as `open`, as before issue 35: the server still refuses a registration the school does not
 * allow, so the client's choice only decides what is offered.
 */
export function registrationModeOf(answer: unknown): RegistrationMode {
  const mode = (answer as { mode?: unknown } | null)?.mode;
  return REGISTRATION_MODES.find((known) => known === mode) ?? "open";
}

/** Whether the school sends mail, so the sign-in form offers "Forgot password?" (issue 38); no when unsaid. */
export function passwordResetByEmailOf(answer: unknown): boolean {
  return (answer as { passwordResetByEmail?: unknown } | null)?.passwordResetByEmail === true;
}

/** What GET /api/auth/registration says: the sign-up policy, and whether a password can be reset by email. */
export interface SignInPolicy {
  mode: RegistrationMode;
  passwordResetByEmail: boolean;
}

/** The labels are worded in the request's language: one answer per language. */
export const providersQuery = (locale: Locale) => ({
  queryKey: ["/api/auth/providers", locale] as const,
  queryFn: async () => providersOf(await apiJson<unknown>("GET", "/api/auth/providers")),
});

export const registrationModeQuery = () => ({
  queryKey: ["/api/auth/registration"] as const,
  queryFn: async (): Promise<SignInPolicy> => {
    const answer = await apiJson<unknown>("GET", "/api/auth/registration");
    return { mode: registrationModeOf(answer), passwordResetByEmail: passwordResetByEmailOf(answer) };
  },
});

/**
 * Asks for both as the auth screen's code downloads, and resolves once they are answered or after
 * `withinMs`, whichever comes first: the screen then shows its buttons and the right form from its
 * first frame (nothing moves under the student's finger, no layout shift for Lighthouse), and a
 * slow answer never holds the screen back for long.
 */
export function prefetchSignInOptions(queryClient: QueryClient, locale: Locale, withinMs = 1000): Promise<void> {
  const reads = Promise.all([queryClient.prefetchQuery(providersQuery(locale)), queryClient.prefetchQuery(registrationModeQuery())]);
  return Promise.race([reads.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, withinMs))]);
}
