import { budgetedScripts, chunkOf, recordScripts } from "./bundles";
import { clearAppSetting, collectCspViolations, expect, setAppSetting, test } from "./fixtures";

// The landing page's words, links and the school's Instagram link and logo fallback in the app are
// component tests (client/app/screens/landing.test.tsx); the server's filling in of the school's
// links, server/static-landing.test.ts (docs/decisions/120). Here what only the built, prerendered
// page in a browser shows.

test.describe("the landing page for a signed-out visitor", () => {
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

  // Also the one journey from the prerendered page into the app: Sign In opens the sign-in form.
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

// logoUrl is app-wide, so these tests take turns and put the setting back.
test.describe("the landing page with the school's app settings", () => {
  test.describe.configure({ mode: "serial" });

  test.afterEach(async () => {
    await clearAppSetting("logoUrl");
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
