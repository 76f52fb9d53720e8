import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "@/lib/api/transport";
import { useLocale } from "@/lib/i18n";
import type { Locale } from "@core/i18n/locale";
import { providersOf, type SsoProvider } from "@/api/auth/sign-in-reads";

/** How the signed-in account can sign in: with a password, and with which of the school's providers (issue 35). */
export type SignInMethods = { password: boolean; providers: SsoProvider[] };

export function signInMethodsOf(answer: unknown): SignInMethods {
  const data = (answer ?? {}) as { password?: unknown; providers?: unknown };
  // Anything but an explicit `false` keeps the password form: the server asks for it unless the account has none.
  return { password: data.password !== false, providers: providersOf(data.providers) };
}

export function getSignInMethodsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ["/api/user/sign-in-methods", locale] as const,
    queryFn: async () => signInMethodsOf(await apiJson<unknown>("GET", "/api/user/sign-in-methods")),
    // Read afresh each time it is asked for (the delete dialog opening): a provider may have been added since.
    staleTime: 0,
  });
}

export function useSignInMethods(enabled: boolean) {
  return useQuery({ ...getSignInMethodsQueryOptions(useLocale()), enabled });
}
