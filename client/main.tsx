import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { registerServiceWorker } from "@/lib/service-worker";
import { applyTheme, storedTheme } from "@/lib/theme";
import { activateLocale, deviceLocale } from "@/lib/i18n";
import { DEFAULT_LOCALE } from "@core/i18n/locale";
import "@/styles.css";

// Before the first render: a theme chosen in Settings applies from the start-up screen on.
applyTheme(storedTheme());

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

// A transition: React renders in slices of a few milliseconds, yielding to the browser between
// them, instead of in one long task on a phone's slow CPU (decision 102).
const render = () =>
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

// The device's language first (decision 108): English is part of the app; another language's
// catalog downloads before the first render, so no screen shows in English and then changes.
// Should it fail to download (offline, no installed worker), the app starts in English.
const locale = deviceLocale();
if (locale === DEFAULT_LOCALE) render();
else
  activateLocale(locale)
    .catch(() => undefined)
    .finally(render);

// After the first render: installing the worker's precache must not compete with the app's start.
window.addEventListener("load", registerServiceWorker, { once: true });
