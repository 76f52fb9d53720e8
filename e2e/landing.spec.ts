import { budgetedScripts, chunkOf, recordScripts } from "./bundles";
import { clearAppSetting, collectCspViolations, expect, setAppSetting, test } from "./fixtures";

/** The fallback social profile when the admins have not set instagramUrl (docs/product.md#landing-page). */
const DEFAULT_INSTAGRAM_URL = "https://www.instagram.com/";

test.describe("the landing page for a signed-out visitor", () => {
  test("shows the tagline, the account links and the 2025 footer", async ({ page }) => {
    await page.goto("/");

    await expect(page.getByRole("heading", { level: 1, name: "Your Student Productivity Hub" })).toBeVisible();
    const account = page.getByRole("navigation", { name: "Account" });
    await expect(account.getByRole("link", { name: "Sign In" })).toBeVisible();
    await expect(account.getByRole("link", { name: "Create Account" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Get Started for Free" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Follow us on Instagram" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toHaveText("© 2025 Student Hub. All rights reserved.");
  });

  test("its scripts, styles and page arrive brotli-compressed from the build", async ({ page }) => {
    const encodings = new Map<string, string | undefined>();
    page.on("response", async (response) => {
      const url = new URL(response.url());
      if (url.pathname !== "/" && !/\.(js|css)$/.test(url.pathname)) return;
      // Files under 1 KB get no compressed copy (scripts/precompress.ts).
      const encoding = (await response.allHeaders())["content-encoding"];
      encodings.set(url.pathname, encoding ?? ((await response.body()).length < 1024 ? "br" : undefined));
    });
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Your Student Productivity Hub" })).toBeVisible();
    await page.waitForLoadState("networkidle");
    // The prerendered page (decision 068) and its stylesheet; its one script is under 1 KB.
    expect([...encodings.keys()].filter((p) => p === "/" || p.endsWith(".css"))).toHaveLength(2);
    // Chromium asks for "gzip, deflate, br, zstd"; every built text file over 1 KB has a .br copy.
    for (const [pathname, encoding] of encodings) expect(encoding, pathname).toBe("br");
  });

  test("is prerendered: the page arrives with its content, and downloads only the scripts the budget counts (no app code)", async ({
    page,
  }) => {
    const response = await page.request.get("/", { headers: { accept: "text/html" } });
    expect(await response.text()).toContain("Your Student Productivity Hub</h1>");
    const scripts = recordScripts(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Your Student Productivity Hub" })).toBeVisible();
    await page.waitForLoadState("networkidle");

    expect(scripts.read()).toEqual(budgetedScripts("/ (landing page)"));
    // Screens load when shown (decision 064); the toast library with the first screen that can toast (065).
    for (const source of ["app/screens/auth.tsx", "app/screens/dashboard/dashboard.tsx", "lib/toast-library.ts"]) {
      expect(scripts.read()).not.toContain(chunkOf(source));
    }
  });

  test("Sign In opens the sign-in form", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Sign In" }).click();

    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    await expect(page.getByLabel("Email")).toBeVisible();
  });

  test("Create Account opens the create-account form", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Create Account" }).click();

    await expect(page).toHaveURL(/\/auth\?mode=register$/);
    await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
    await expect(page.getByLabel("First Name")).toBeVisible();
  });

  test("Get Started for Free opens the create-account form", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("link", { name: "Get Started for Free" }).click();

    await expect(page).toHaveURL(/\/auth\?mode=register$/);
    await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
  });

  test("loads without any Content Security Policy violation", async ({ page }) => {
    const violations = await collectCspViolations(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Your Student Productivity Hub" })).toBeVisible();
    await page.getByRole("link", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    await page.waitForLoadState("networkidle");

    expect(violations).toEqual([]);
  });
});

// instagramUrl and logoUrl are app-wide, so these tests take turns and put the settings back.
test.describe("the landing page with the school's app settings", () => {
  test.describe.configure({ mode: "serial" });

  test.afterEach(async () => {
    await clearAppSetting("instagramUrl");
    await clearAppSetting("logoUrl");
  });

  test("without settings, the Instagram button opens the default profile and the bundled logo shows", async ({ page, context }) => {
    await context.route("https://www.instagram.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>Instagram</title>" }),
    );
    await page.goto("/");

    const logo = page.getByRole("link", { name: "Student Hub" }).locator("img");
    await expect(logo).toHaveAttribute("src", "/logo.svg");

    const instagram = page.getByRole("link", { name: "Follow us on Instagram" });
    await expect(instagram).toHaveAttribute("target", "_blank");
    await expect(instagram).toHaveAttribute("rel", /noopener/);
    const popupOpened = page.waitForEvent("popup");
    await instagram.click();
    const popup = await popupOpened;
    await popup.waitForLoadState();

    expect(popup.url()).toBe(DEFAULT_INSTAGRAM_URL);
    await expect(page).toHaveURL(/\/$/);
  });

  test("the Instagram button opens the configured instagramUrl in a new page", async ({ page, context }) => {
    const schoolProfile = "https://www.instagram.com/myschool";
    await setAppSetting("instagramUrl", schoolProfile);
    await context.route("https://www.instagram.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>My School on Instagram</title>" }),
    );
    await page.goto("/");

    const popupOpened = page.waitForEvent("popup");
    await page.getByRole("link", { name: "Follow us on Instagram" }).click();
    const popup = await popupOpened;
    await popup.waitForLoadState();

    expect(popup.url()).toBe(schoolProfile);
    await expect(popup).toHaveTitle("My School on Instagram");
  });

  test("the configured logoUrl is used for the logo", async ({ page }) => {
    const logoUrl = "https://cdn.example.com/school-logo.svg";
    await setAppSetting("logoUrl", logoUrl);
    let logoRequests = 0;
    await page.route(logoUrl, (route) => {
      logoRequests += 1;
      return route.fulfill({
        contentType: "image/svg+xml",
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#e11d48"/></svg>',
      });
    });
    await page.goto("/");

    const logo = page.getByRole("link", { name: "Student Hub" }).locator("img");
    await expect(logo).toHaveAttribute("src", logoUrl);
    // The image really loaded: the CSP lets https: images through.
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(logoRequests).toBeGreaterThan(0);
  });

  test("a logoUrl that fails to load falls back to the bundled logo", async ({ page }) => {
    const logoUrl = "https://cdn.example.com/missing-logo.png";
    await setAppSetting("logoUrl", logoUrl);
    await page.route(logoUrl, (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/");

    const logo = page.getByRole("link", { name: "Student Hub" }).locator("img");
    await expect(logo).toHaveAttribute("src", "/logo.svg");
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
});
