import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { registerServiceWorker } from "@/lib/service-worker";
import { applyTheme, storedTheme } from "@/lib/theme";
import "@/styles.css";

// Before the first render: a theme chosen in Settings applies from the start-up screen on.
applyTheme(storedTheme());

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

// A transition: React renders in slices of a few milliseconds, yielding to the browser between
// them, instead of in one long task on a phone's slow CPU (decision 102).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// After the first render: installing the worker's precache must not compete with the app's start.
window.addEventListener("load", registerServiceWorker, { once: true });
