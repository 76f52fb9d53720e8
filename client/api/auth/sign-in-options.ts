import { useQuery } from "@tanstack/react-query";
import { useLocale } from "@/lib/i18n";
import { providersQuery, type RegistrationMode, registrationModeQuery, type SsoProvider } from "./sign-in-reads";

export type { RegistrationMode, SsoProvider } from "./sign-in-reads";

/** The school's providers; none while loading or when the read fails (the password form is all there is then). */
export function useSsoProviders(): SsoProvider[] {
  // Another language's labels are asked for when the language changes: the buttons keep the last ones meanwhile.
  const { data } = useQuery({ ...providersQuery(useLocale()), placeholderData: (previous: SsoProvider[] | undefined) => previous });
  return data ?? [];
}

/** The school's sign-up policy; `open` (as before issue 35) until it is known or when it cannot be read. */
export function useRegistrationMode(): RegistrationMode {
  const { data } = useQuery(registrationModeQuery());
  return data?.mode ?? "open";
}

/** Whether the sign-in form offers "Forgot password?": only once the server has said it sends mail (issue 38). */
export function usePasswordResetByEmail(): boolean {
  const { data } = useQuery(registrationModeQuery());
  return data?.passwordResetByEmail ?? false;
}
