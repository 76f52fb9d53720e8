/**
 * Read by the dashboard at every start, so kept apart from the rest of the school sign-in's code
 * (utils/sso.ts), which the Home tab does not download.
 */

/** The query parameters a provider's return leaves on the address, taken away once read. */
export const RETURN_PARAMS = ["confirm", "sso_error"] as const;

/**
 * What the address says about a return from confirming a deletion with a provider: `?confirm=delete-account`
 * (confirmed), or `?sso_error=<code>` (it did not work; a signed-in student only starts a provider
 * sign-in to confirm a deletion). Null when it says neither.
 */
export function deletionReturnOf(search: string): { confirmed: boolean; ssoError: string | null } | null {
  const params = new URLSearchParams(search);
  const confirmed = params.get("confirm") === "delete-account";
  const ssoError = params.get("sso_error");
  return confirmed || ssoError !== null ? { confirmed, ssoError } : null;
}

/** What a provider's return to the dashboard says (`deletionReturnOf`). */
export type DeletionReturn = NonNullable<ReturnType<typeof deletionReturnOf>>;
