import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { applyTheme, storedTheme } from "@/lib/theme";
import "@/styles.css";

// Before the first render: a theme chosen in Settings applies from the start-up screen on.
applyTheme(storedTheme());

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element");

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
