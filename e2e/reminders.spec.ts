import type { Page } from "@playwright/test";
import { e2eDb, expect, test, openSettings } from "./fixtures";
import { seedEvent } from "./event-helpers";
import { receivedPushes, subscribeDeviceThrough } from "./push-helpers";
import { schoolDate, SCHOOL_TIME_ZONE, seedTask, toast } from "./task-helpers";

/**
 * Reminders (docs/product.md#reminders): a reminder pushed by the server's scheduler
 * (REMINDER_SCAN_SECONDS=1 in the suite) reaching the suite's push service; a reminder's link opening
 * its task or day; the evening summary in Settings on a phone.
 */

const taskDialog = (page: Page, name: "Add Task" | "Edit Task") => page.getByRole("dialog", { name });

/** The school's wall-clock time `minutes` from now, HH:mm, and its date. */
function schoolClock(minutes: number): { date: string; time: string } {
  const at = new Date(Date.now() + minutes * 60_000);
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: SCHOOL_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${get("year")}-${get("month")}-${get("day")}`, time: `${get("hour")}:${get("minute")}` };
}

// The Reminder choices of the task and event dialogs, and the evening summary's words and what it
// sends, are component tests (client/features/reminders/components/reminders.test.tsx).
test.describe("reminders pushed by the server", () => {
  test("a reminder is pushed by the server on time, and its link opens the task", async ({ signedInPage: page, user }) => {
    const device = await subscribeDeviceThrough(page);
    // Due in 3 minutes with a 5-minute reminder: due at once.
    const due = schoolClock(3);
    const id = await seedTask(user, { title: "Return the permission slip", dueDate: due.date, dueTime: due.time });
    const { csrfToken } = await (await page.request.get("/api/csrf-token")).json();
    const set = await page.request.put(`/api/tasks/${id}`, { headers: { "x-csrf-token": csrfToken }, data: { reminder: "5-minutes" } });
    expect(set.status()).toBe(200);

    await expect
      .poll(async () => (await receivedPushes()).filter((p) => p.device === device.id).map((p) => (p.payload as { title: string }).title), {
        timeout: 10_000,
      })
      .toEqual([expect.stringMatching(/^Return the permission slip · \d{1,2}:\d{2} [AP]M, in [23] minutes$/)]);
    const [push] = (await receivedPushes()).filter((p) => p.device === device.id);
    const url = (push!.payload as { url: string }).url;
    expect(url).toBe(`/?task=${id}#todo`);

    await page.goto(url);
    await expect(taskDialog(page, "Edit Task").getByRole("textbox", { name: "Task Title" })).toHaveValue("Return the permission slip");
    // The link is used once: the address bar no longer holds it.
    expect(new URL(page.url()).search).toBe("");
  });

  test("an event reminder's link opens its day in the calendar", async ({ signedInPage: page, user }) => {
    const date = schoolDate(9);
    await seedEvent(user, { title: "Band practice", date, time: "16:00", eventType: "practice" });
    await page.goto(`/?day=${date}#calendar`);
    const title = new Date(`${date}T12:00:00Z`).toLocaleDateString("en-US", {
      timeZone: "UTC",
      month: "long",
      day: "numeric",
      year: "numeric",
    });
    await expect(page.getByRole("dialog", { name: title })).toContainText("Band practice");
  });
});

test.describe("the evening summary in Settings", () => {
  // At 375 px only: that it fits a phone and survives a reload is the browser's part.
  for (const viewport of [{ width: 375, height: 740 }]) {
    test.describe(`at ${viewport.width} px`, () => {
      test.use({ viewport });

      test("is off by default; turning it on picks 7:00 PM, the time can be changed, and it is kept", async ({
        signedInPage: page,
        user,
      }) => {
        await page.goto("/");
        let settings = await openSettings(page, viewport.width < 768);
        const toggle = settings.getByRole("switch", { name: "Evening summary" });
        await expect(toggle).not.toBeChecked();
        await toggle.click();
        await expect(toast(page, "Evening summary on", "Sent at 7:00 PM when something is due tomorrow or overdue.")).toBeVisible();
        const time = settings.getByLabel("Send at");
        await expect(time).toHaveValue("19:00");
        await time.fill("20:15");
        await time.press("Enter");
        await expect(toast(page, "Evening summary on", "Sent at 8:15 PM")).toBeVisible();
        const stored = async () =>
          (await e2eDb().selectFrom("users").select("evening_summary_time").where("id", "=", user.id).executeTakeFirst())
            ?.evening_summary_time;
        expect(await stored()).toBe("20:15");
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(viewport.width);

        await page.reload();
        settings = await openSettings(page, viewport.width < 768);
        await expect(settings.getByRole("switch", { name: "Evening summary" })).toBeChecked();
        await expect(settings.getByLabel("Send at")).toHaveValue("20:15");
        await settings.getByRole("switch", { name: "Evening summary" }).press("Space");
        await expect(toast(page, "Evening summary off", "You will not get the evening summary.")).toBeVisible();
        expect(await stored()).toBeNull();
      });
    });
  }
});
