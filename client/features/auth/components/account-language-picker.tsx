import { useQueryClient } from "@tanstack/react-query";
import type { User } from "@core/api-types";
import type { Locale } from "@core/i18n/locale";
import { getUserQueryOptions } from "@/api/user/get-user";
import { LanguageRadios } from "@/components/language-switch";
import { useUpdatePreferences } from "@/api/user/preferences";
import { errorMessage } from "@/lib/api/errors";
import { activateLocale, rememberLocale, useLocale, useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";

/**
 * Settings → Language (decision 108): kept with the account, so every device the student signs in
 * on follows it; this one switches at once. A choice the server refuses puts the language back.
 */
export function AccountLanguagePicker() {
  const locale = useLocale();
  const t = useT();
  const queryClient = useQueryClient();
  const update = useUpdatePreferences();

  const choose = (chosen: Locale) => {
    const before = locale;
    rememberLocale(chosen);
    activateLocale(chosen).catch(() => {});
    update.mutate(
      { locale: chosen },
      {
        onSuccess: (saved) =>
          queryClient.setQueryData<User | null>(getUserQueryOptions().queryKey, (user) =>
            user ? { ...user, locale: saved.locale } : user,
          ),
        onError: (error) => {
          rememberLocale(before);
          activateLocale(before).catch(() => {});
          showToast({ title: t("settings.language_not_saved"), description: errorMessage(error), variant: "destructive" });
        },
      },
    );
  };

  return <LanguageRadios value={locale} onChange={choose} />;
}
