// The static landing page's one script (docs/decisions/068): a school logo that fails to load gives
// way to the bundled one, as the app's AppLogo does. decode() rejects for an image that cannot be
// shown, whether it failed before or after this script ran.
for (const logo of document.querySelectorAll("img[data-app-logo]")) {
  if (logo.getAttribute("src") !== "/logo.svg") {
    logo.decode().catch(() => logo.setAttribute("src", "/logo.svg"));
  }
}

// A theme chosen in Settings (decision 075); without one, the page follows the system through CSS.
try {
  const theme = localStorage.getItem("student-hub:theme");
  if (theme === "light" || theme === "dark") document.documentElement.classList.add(theme);
} catch {
  // Storage unavailable: the system's theme.
}

// The installable app's worker (decision 088): a student can add Student Hub to the Home Screen from here.
if ("serviceWorker" in navigator) {
  addEventListener("load", () => navigator.serviceWorker.register("/sw.js").catch(() => {}));
}
