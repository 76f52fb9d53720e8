import type { Translate } from "@core/i18n/translate";
import type { AdminUser } from "@core/schemas/admin";

/** Providers' names as people know them; another provider's id, capitalised. Product names: the same in every language. */
const PROVIDER_NAMES: Record<string, string> = { google: "Google", microsoft: "Microsoft" };
const providerName = (id: string) => PROVIDER_NAMES[id] ?? id.charAt(0).toUpperCase() + id.slice(1);

/**
 * How the account signs in, when not (only) by password: "Signs in with Google" for the providers
 * it has used, "Signs in with the school's account" for one without a password that has not signed
 * in yet (a roster import's, with single sign-on). Null for a password-only account.
 */
export function signInMethodText(user: Pick<AdminUser, "hasPassword" | "providers">, t: Translate): string | null {
  if (user.providers.length > 0) return t("admin.signs_in_with", { provider: user.providers.map(providerName).join(", ") });
  return user.hasPassword ? null : t("admin.signs_in_with_school");
}
