import type { Page } from "@playwright/test";
import { chunkOf } from "./bundles";
import { collectCspViolations, dashboardTab, expect, test } from "./fixtures";
import { endSessions, schoolDate, seedTasks, storedTasks, toast } from "./task-helpers";

const greetingFor = (firstName: string) => new RegExp(`^Good (morning|afternoon|evening), ${firstName}$`);

async function expectNoHorizontalScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, "the page must not scroll sideways").toBeLessThanOrEqual(width);
}

// The greeting, the tabs and the hash, the sidebar's and the drawer's contents, the 404 page, /admin
// for a student and a failed sign-out are component tests (client/app/components/dashboard-layout.test.tsx,
// docs/decisions/120); here the real server, the CSP, the start-up's requests and the layout.
test.describe("the dashboard", () => {
  test("Settings → Sign Out lands on the landing page and ends the session", async ({ signedInPage: page, request }) => {
    await page.goto("/");
    await expect(dashboardTab(page, "Home")).toBeVisible();
    const [sessionCookie] = (await page.context().cookies()).filter((c) => c.name === "sid");
    await page.evaluate(() => localStorage.setItem("leftover", "draft"));

    await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Settings" }).click();
    const settings = page.getByRole("dialog", { name: "Settings" });
    await expect(settings).toBeVisible();
    await settings.getByRole("button", { name: "Sign Out" }).click();

    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your Student Productivity Hub" })).toBeVisible();
    await expect(dashboardTab(page, "Home")).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("leftover"))).toBeNull();

    expect((await page.request.get("/api/user")).status()).toBe(401);
    // The server forgot the session too: the old cookie no longer works.
    const withOldCookie = await request.get("/api/user", { headers: { cookie: `sid=${sessionCookie!.value}` } });
    expect(withOldCookie.status()).toBe(401);
  });

  test("Sign Out after the session already ended still signs out, with no error", async ({ signedInPage: page }) => {
    await page.goto("/");
    await expect(dashboardTab(page, "Home")).toBeVisible();
    await page.evaluate(() => localStorage.setItem("leftover", "draft"));
    await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Settings" }).click();
    const settings = page.getByRole("dialog", { name: "Settings" });
    // Settings' own reads answered first: one answered 401 would end the visit at /auth before Sign Out
    // is pressed (it did, once, on a slow machine), which is the session-expired path, not this one.
    await expect(settings.getByRole("switch", { name: "Show the count of due tasks on the app icon" })).toBeVisible();
    // The session ends behind the page's back (expired, or signed out in another tab).
    await page.context().clearCookies();
    await settings.getByRole("button", { name: "Sign Out" }).click();

    await expect(page.getByRole("heading", { level: 1, name: "Your Student Productivity Hub" })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Logout failed")).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("leftover"))).toBeNull();
    // No late "session expired" redirect to /auth follows: the old page's timers went with it, and
    // the landing page, once idle, has nothing left to send it anywhere.
    await page.waitForLoadState("networkidle");
    await expect(page).toHaveURL(/\/$/);
  });

  test("the dashboard raises no Content Security Policy violation", async ({ signedInPage: page, user }) => {
    const violations = await collectCspViolations(page);
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 2, name: greetingFor(user.firstName) })).toBeVisible();
    await dashboardTab(page, "Tasks").click();
    await expect(page.getByRole("heading", { name: "Assignment To-Do List" })).toBeVisible();
    await dashboardTab(page, "Calendar").click();
    await page.getByRole("complementary", { name: "Sidebar" }).getByRole("button", { name: "Settings" }).click();
    await expect(page.getByRole("dialog", { name: "Settings" })).toBeVisible();
    await page.waitForLoadState("networkidle");

    expect(violations).toEqual([]);
  });
});

test.describe("routes that are not for everyone", () => {
  for (const path of ["/admin", "/admin/push-debug"]) {
    test(`a signed-out visitor on ${path} is told "Unauthorized" and sent to /auth`, async ({ page }) => {
      await page.goto(path);

      await expect(page.getByText("Unauthorized", { exact: true })).toBeVisible();
      await expect(page.getByText("You are logged out. Logging in again...")).toBeVisible();
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    });
  }
});

test.describe("a session ended elsewhere", () => {
  test("says so when the tab comes back into view and goes to /auth, keeping the page meanwhile", async ({ signedInPage: page, user }) => {
    await page.goto("/#todo");
    await expect(page.getByRole("heading", { name: "Assignment To-Do List" })).toBeVisible();
    await endSessions(user); // signed out in another tab, or expired
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange", { bubbles: true })));
    await expect(toast(page, "Session Expired", "You'll be redirected to login. Please sign in again.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Assignment To-Do List" })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
  });
});

test.describe("a visitor's start-up", () => {
  // docs/decisions/067: the signed-out check answers 200, so an ordinary visit logs no failed request.
  test("the landing page and /auth log nothing to the console as errors", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Your Student Productivity Hub" })).toBeVisible();
    await page.goto("/auth");
    await expect(page.getByRole("button", { name: "Sign In" }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe("the start-up loading screen", () => {
  test("asks who is signed in beside the health check, and fetches a student's dashboard and its Home tab's reads as soon as the answer says so", async ({
    signedInPage: page,
  }) => {
    let releaseHealth!: () => void;
    const healthHeld = new Promise<void>((resolve) => (releaseHealth = resolve));
    await page.route("**/api/health", async (route) => {
      await healthHeld;
      await route.continue();
    });
    const sessionAsked = page.waitForRequest((request) => new URL(request.url()).pathname === "/api/session");
    const dashboardFetched = page.waitForRequest(
      (request) => new URL(request.url()).pathname === chunkOf("app/screens/dashboard/dashboard.tsx"),
    );
    // What Today's Schedule and the task card show (decision 102).
    const homeReadsAsked = ["/api/tasks", "/api/events", "/api/user/agenda"].map((path) =>
      page.waitForRequest((request) => new URL(request.url()).pathname === path),
    );
    await page.goto("/");
    // All while the health check is still unanswered, and nothing shows but the start-up screen.
    await sessionAsked;
    await dashboardFetched;
    await Promise.all(homeReadsAsked);
    await expect(page.getByRole("heading", { level: 1, name: "Starting..." })).toBeVisible();
    releaseHealth();
    await expect(page.getByRole("heading", { level: 2, name: /^Good (morning|afternoon|evening)/ })).toBeVisible();
  });

  test("shows Starting..., then Connecting... with Retry Connection while the health check fails, then the app", async ({ page }) => {
    test.slow(); // The health query retries three times (1 s, 2 s, 4 s) before it reports an error.
    let healthy = false;
    await page.route("**/api/health", (route) =>
      healthy
        ? route.continue()
        : route.fulfill({ status: 503, contentType: "application/json", body: '{"message":"Service unavailable"}' }),
    );
    let releaseUser!: () => void;
    const userReleased = new Promise<void>((resolve) => (releaseUser = resolve));
    await page.route("**/api/session", async (route) => {
      await userReleased;
      await route.continue();
    });

    // /auth: the app itself (a visitor's / is the prerendered landing page, decision 068).
    await page.goto("/auth");
    await expect(page.getByRole("heading", { level: 1, name: "Starting..." })).toBeVisible();
    await expect(page.getByText("Your student productivity hub is starting up. This may take a moment.")).toBeVisible();

    await expect(page.getByRole("heading", { level: 1, name: "Connecting..." })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("Service unavailable")).toBeVisible();
    const retry = page.getByRole("button", { name: "Retry Connection" });
    await expect(retry).toBeEnabled();

    // Park the 5 s health poll (TanStack polls only while the page is visible), so that only the
    // Retry Connection button can bring the app back.
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
    });
    healthy = true;
    const retried = page.waitForResponse((response) => response.url().endsWith("/api/health") && response.ok(), { timeout: 5_000 });
    await retry.click();
    await retried;

    await expect(page.getByRole("heading", { level: 1, name: "Loading your account" })).toBeVisible();
    releaseUser();
    await expect(page.getByRole("heading", { level: 1, name: "Sign In" })).toBeVisible();
    await expect(retry).toHaveCount(0);
  });
});

test.describe("a connection lost after start-up", () => {
  test("shows the Connecting... banner over the page and keeps a half-typed task", async ({ signedInPage: page, user }) => {
    await page.goto("/#todo");
    await expect(page.getByRole("heading", { name: "Assignment To-Do List" })).toBeVisible();
    await page.getByRole("button", { name: "Add Task" }).first().click();
    const form = page.getByRole("dialog", { name: "Add Task" });
    await form.getByRole("textbox", { name: "Task Title" }).fill("Typed on the bus");

    await page.context().setOffline(true);
    const banner = page.getByRole("status", { name: "Connection" });
    await expect(banner).toContainText("Connecting...");
    await expect(banner).toContainText("You appear to be offline");
    await expect(banner.getByRole("button", { name: "Retry Connection" })).toBeVisible();
    await expect(form.getByRole("textbox", { name: "Task Title" })).toHaveValue("Typed on the bus");

    await page.context().setOffline(false);
    await expect(banner).toBeHidden();
    await form.getByRole("button", { name: "Add Task" }).click();
    await expect(form).toBeHidden();
    await expect.poll(async () => (await storedTasks(user)).map((t) => t.title)).toEqual(["Typed on the bus"]);
  });
});

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  // The drawer's contents and its Settings button are component tests (client/app/components/dashboard-layout.test.tsx).
  test("the sidebar gives way to the Open menu drawer; the dashboard, the Tasks tab, the landing page and the auth forms fit the width", async ({
    signedInPage: page,
    user,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 2, name: greetingFor(user.firstName) })).toBeVisible();
    await expect(page.getByRole("complementary", { name: "Sidebar" })).toBeHidden();
    await expectNoHorizontalScroll(page, 375);
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Menu" });
    await expect(drawer.getByText(user.email, { exact: true })).toBeVisible();
    await drawer.getByRole("button", { name: "Close menu" }).click();
    await expect(drawer).toBeHidden();

    await page.goto("/#todo");
    await expect(page.getByRole("heading", { name: "Assignment To-Do List" })).toBeVisible();
    await expectNoHorizontalScroll(page, 375);

    await page.context().clearCookies();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Your Student Productivity Hub" })).toBeVisible();
    await expectNoHorizontalScroll(page, 375);

    await page.goto("/auth?mode=register");
    await expect(page.getByRole("heading", { level: 1, name: "Create Account" })).toBeVisible();
    await expectNoHorizontalScroll(page, 375);
  });
});

test.describe("the phone's add button (issue 49)", () => {
  test.use({ viewport: { width: 320, height: 568 } });

  // Floating over the page, it covered Add Event, Add Task and a task's edit button: it sits in the
  // bottom bar's own room now, which the page never runs under.
  test("sits inside the bottom bar beside the tabs, on Home, Tasks and the Calendar, at rest and scrolled to the end", async ({
    signedInPage: page,
    user,
  }) => {
    await seedTasks(
      user,
      Array.from({ length: 12 }, (_, i) => ({ title: `Reading ${i + 1}`, dueDate: schoolDate() })),
    );
    for (const [hash, add] of [
      ["#home", "Add a task"],
      ["#todo", "Add a task"],
      ["#calendar", "Add an event"],
    ] as const) {
      await page.goto(`/${hash}`);
      const button = page.locator("[data-floating-add]");
      await expect(button).toHaveAccessibleName(add);
      for (const scrolled of [false, true]) {
        if (scrolled) await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const [own, bar, tabs] = await Promise.all([
          button.boundingBox(),
          page.locator("[data-bottom-bar]").boundingBox(),
          page
            .getByRole("tablist", { name: "Dashboard sections" })
            .getByRole("tab")
            .evaluateAll((all) => all.map((tab) => tab.getBoundingClientRect().right)),
        ]);
        const where = `${hash}${scrolled ? ", scrolled to the end" : ""}`;
        // Within the bar's height (the page ends above the bar), and clear of every tab.
        expect(own!.y, where).toBeGreaterThanOrEqual(bar!.y);
        expect(own!.y + own!.height, where).toBeLessThanOrEqual(bar!.y + bar!.height + 0.5);
        expect(Math.max(...tabs), where).toBeLessThanOrEqual(own!.x);
        // Still a thumb's target, and pressed at its centre it is what is hit.
        expect(own!.width, where).toBeGreaterThanOrEqual(44);
        const hit = await button.evaluate(
          (el, [x, y]) => el.contains(document.elementFromPoint(x!, y!)),
          [own!.x + own!.width / 2, own!.y + own!.height / 2],
        );
        expect(hit, where).toBe(true);
      }
    }
  });
});

test.describe("on a 1280 px desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the sidebar is always visible and there is no menu button", async ({ signedInPage: page, user }) => {
    await page.goto("/");
    const sidebar = page.getByRole("complementary", { name: "Sidebar" });
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByText(`${user.firstName} ${user.lastName}`, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveCount(0);
    await expectNoHorizontalScroll(page, 1280);
  });
});

test.describe("on a 320 px phone, the narrowest the product supports", () => {
  test.use({ viewport: { width: 320, height: 640 } });

  test("the dashboard with long task text, the task dialog and the forms fit without sideways scrolling", async ({
    signedInPage: page,
    user,
  }) => {
    await seedTasks(user, [
      {
        title: "Finish the annotated bibliography for the interdisciplinary research project",
        subject: "Advanced Placement Environmental Science",
        dueDate: schoolDate(1),
        dueTime: "08:15",
        priority: "high",
      },
      { title: "Supercalifragilisticexpialidocious-vocabulary-list-for-English", dueDate: schoolDate(-2) },
    ]);

    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Urgent Tasks" })).toBeVisible();
    await expectNoHorizontalScroll(page, 320);

    await page.goto("/#todo");
    await expect(page.getByText("Finish the annotated bibliography", { exact: false })).toBeVisible();
    await expectNoHorizontalScroll(page, 320);

    await page.getByRole("button", { name: "Add Task" }).first().click();
    await expect(page.getByRole("dialog", { name: "Add Task" })).toBeVisible();
    await expectNoHorizontalScroll(page, 320);
    await page.keyboard.press("Escape");

    await page.context().clearCookies();
    for (const [path, heading] of [
      ["/", "Your Student Productivity Hub"],
      ["/auth?mode=register", "Create Account"],
      ["/auth", "Sign In"],
      ["/password-reset", "Set a New Password"],
      ["/no-such-page", "404 Page Not Found"],
    ] as const) {
      await test.step(path, async () => {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
        await expectNoHorizontalScroll(page, 320);
      });
    }
  });
});
