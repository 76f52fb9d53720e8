import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Locale } from "@core/i18n/locale";
import { student } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// The Home tab's notifications card where a device cannot take push (docs/decisions/120): moved from
// e2e/spanish-admin-account.spec.ts and e2e/notifications-card.spec.ts's words. Subscribing,
// a refusal by the browser and a push arriving stay in the browser, which has a worker and push.

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const jsdomAgent = navigator.userAgent;
afterEach(() => Object.defineProperty(navigator, "userAgent", { configurable: true, value: jsdomAgent }));

const WORDS = {
  en: {
    card: "Notification settings",
    unsupported: "Notifications are not available in this browser.",
    ios: "On iPhone and iPad, notifications work once Student Hub is on your Home Screen.",
    steps: [
      "Tap the Share button in Safari.",
      "Choose Add to Home Screen, then Add.",
      "Open Student Hub from your Home Screen and press Enable Notifications.",
    ],
    enable: "Enable Notifications",
  },
  es: {
    card: "Configuración de notificaciones",
    unsupported: "Las notificaciones no están disponibles en este navegador.",
    ios: "En iPhone y iPad, las notificaciones funcionan cuando Student Hub está en tu pantalla de inicio.",
    steps: [
      "Toca el botón Compartir en Safari.",
      "Elige Agregar a pantalla de inicio y luego Agregar.",
      "Abre Student Hub desde tu pantalla de inicio y toca Activar notificaciones.",
    ],
    enable: "Activar notificaciones",
  },
} as const;

describe.each(["en", "es"] as const)("the notifications card (%s)", (locale: Locale) => {
  const words = WORDS[locale];

  it("says a browser without Web Push cannot take notifications, and offers no button", async () => {
    // jsdom has no service worker, PushManager or Notification: a browser without Web Push.
    await renderApp("/", { user: student({ locale }), locale, width: 375 });
    const card = await screen.findByRole("region", { name: words.card });
    expect(within(card).getByText(words.unsupported)).toBeVisible();
    expect(within(card).queryByRole("button", { name: words.enable })).toBeNull();
  });

  it("tells an iPhone's browser tab how to add Student Hub to the Home Screen first, in three steps", async () => {
    Object.defineProperty(navigator, "userAgent", { configurable: true, value: IPHONE_SAFARI });
    await renderApp("/", { user: student({ locale }), locale, width: 375 });
    const card = await screen.findByRole("region", { name: words.card });
    expect(within(card).getByText(words.ios)).toBeVisible();
    expect(
      within(card)
        .getAllByRole("listitem")
        .map((step) => step.textContent),
    ).toEqual(words.steps);
    expect(within(card).queryByRole("button", { name: words.enable })).toBeNull();
  });
});
