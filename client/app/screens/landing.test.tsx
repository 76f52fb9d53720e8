import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { LOCALE_COOKIE } from "@core/i18n/locale";
import { FakeServer } from "@/test/fake-server";
import { englishOnScreen } from "@/test/english-on-screen";
import { renderApp } from "@/test/render";

// Moved from e2e/landing.spec.ts and e2e/spanish-landing.spec.ts (docs/decisions/068, 108 and 120):
// the app's landing page, which the prerendered page is rendered from (scripts/render-landing-markup.ts,
// its words checked in scripts/prerender-landing.test.ts; the server's filling in of the school's
// links in server/static-landing.test.ts). The browser keeps the prerendered page itself: its
// compression, its one script, the CSP, a school logo loading, and the language links without the app.

const TAGLINE = "Your Student Productivity Hub";

async function visitLanding(server = new FakeServer(), locale: "en" | "es" = "en") {
  const rendered = await renderApp("/", { server, locale });
  await screen.findByRole("heading", { level: 1, name: locale === "en" ? TAGLINE : "Tu centro de productividad estudiantil" });
  return rendered;
}

describe("the landing page for a signed-out visitor", () => {
  it("shows the tagline, the account links, the Instagram button opening the default profile in a new page, the bundled logo and the 2025 footer", async () => {
    await visitLanding();
    const account = screen.getByRole("navigation", { name: "Account" });
    expect(within(account).getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/auth");
    expect(within(account).getByRole("link", { name: "Create Account" })).toHaveAttribute("href", "/auth?mode=register");
    expect(screen.getByRole("link", { name: "Get Started for Free" })).toHaveAttribute("href", "/auth?mode=register");
    const instagram = screen.getByRole("link", { name: "Follow us on Instagram" });
    expect(instagram).toHaveAttribute("href", "https://www.instagram.com/");
    expect(instagram).toHaveAttribute("target", "_blank");
    expect(instagram).toHaveAttribute("rel", expect.stringMatching(/noopener/));
    expect(within(screen.getByRole("link", { name: "Student Hub" })).getByRole("presentation")).toHaveAttribute("src", "/logo.svg");
    expect(screen.getByRole("contentinfo")).toHaveTextContent("© 2025 Student Hub. All rights reserved.");
    // Set by an effect once the words are in: waited for, as the Spanish test does.
    await waitFor(() => expect(document.title).toBe("Student Hub: Your Student Productivity Hub"));
  });

  it.each([
    ["Sign In", "Account", "/auth", "Sign In", "Email"],
    ["Create Account", "Account", "/auth?mode=register", "Create Account", "First Name"],
    ["Get Started for Free", null, "/auth?mode=register", "Create Account", "First Name"],
  ])("%s opens its form", async (link, inNavigation, address, heading, field) => {
    const { user } = await visitLanding();
    const where = inNavigation ? within(screen.getByRole("navigation", { name: inNavigation })) : screen;
    await user.click(where.getByRole("link", { name: link }));
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeVisible();
    expect(window.location.pathname + window.location.search).toBe(address);
    expect(await screen.findByLabelText(field)).toBeVisible();
  });

  it("links the school's Instagram profile and shows its logo, falling back to the bundled logo when it fails to load", async () => {
    const server = new FakeServer();
    const logoUrl = "https://cdn.example.com/school-logo.svg";
    server.answer("GET /api/settings/public", {
      logoUrl,
      instagramUrl: "https://www.instagram.com/myschool",
      timeZone: "America/New_York",
    });
    await visitLanding(server);
    expect(screen.getByRole("link", { name: "Follow us on Instagram" })).toHaveAttribute("href", "https://www.instagram.com/myschool");
    const logo = await waitFor(() => {
      const image = within(screen.getByRole("link", { name: "Student Hub" })).getByRole("presentation");
      expect(image).toHaveAttribute("src", logoUrl);
      return image;
    });
    fireEvent.error(logo);
    expect(logo).toHaveAttribute("src", "/logo.svg");
  });

  it("is in English with the way to Spanish named in Spanish", async () => {
    await visitLanding();
    const languages = screen.getByRole("navigation", { name: "Language" });
    expect(within(languages).getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "true");
    expect(within(languages).getByRole("link", { name: "Español" })).toHaveAttribute("lang", "es");
    expect(document.documentElement).toHaveAttribute("lang", "en");
  });
});

describe("the landing page in Spanish", () => {
  it("reads in Spanish, with no English catalog text", async () => {
    await visitLanding(new FakeServer(), "es");
    await waitFor(() => expect(document.title).toBe("Student Hub: Tu centro de productividad estudiantil"));
    expect(document.documentElement).toHaveAttribute("lang", "es");
    const account = screen.getByRole("navigation", { name: "Cuenta" });
    expect(within(account).getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
    expect(within(account).getByRole("link", { name: "Crear cuenta" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Empieza gratis" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Síguenos en Instagram" })).toBeVisible();
    const languages = screen.getByRole("navigation", { name: "Idioma" });
    expect(within(languages).getByRole("link", { name: "Español" })).toHaveAttribute("aria-current", "true");
    expect(within(languages).getByRole("link", { name: "English" })).toHaveAttribute("lang", "en");
    // The way to English is named in English (its own language), which is also a subject's name in the catalog.
    expect(englishOnScreen(["English"])).toEqual([]);
  });

  it("switches to English in place when the app is loaded, and this device keeps the choice", async () => {
    const { user } = await visitLanding(new FakeServer(), "es");
    await user.click(within(screen.getByRole("navigation", { name: "Idioma" })).getByRole("link", { name: "English" }));
    expect(await screen.findByRole("heading", { level: 1, name: TAGLINE })).toBeVisible();
    await waitFor(() => expect(document.documentElement).toHaveAttribute("lang", "en"));
    await waitFor(() => expect(document.title).toBe("Student Hub: Your Student Productivity Hub"));
    expect(within(screen.getByRole("navigation", { name: "Language" })).getByRole("link", { name: "English" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    expect(window.location.pathname).toBe("/");
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=en`);
  });
});
