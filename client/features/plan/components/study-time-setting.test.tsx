import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { findToast } from "@/test/tasks";

/** Settings → Study time (issue 51): the study plan's windows, daily limit and block length. */
async function openStudyTime(locale: "en" | "es" = "en") {
  const who = locale === "es" ? student({ firstName: "Ana", locale: "es" }) : student();
  const rendered = await renderApp("/", { user: who, locale, width: 1280 });
  const sidebar = await screen.findByRole("complementary", { name: locale === "es" ? "Barra lateral" : "Sidebar" });
  await rendered.user.click(within(sidebar).getByRole("button", { name: locale === "es" ? "Configuración" : "Settings" }));
  const settings = await screen.findByRole("dialog", { name: locale === "es" ? "Configuración" : "Settings" });
  const section = await within(settings).findByRole("region", { name: locale === "es" ? "Tiempo de estudio" : "Study time" });
  return { ...rendered, section };
}

describe("Settings → Study time", () => {
  it("shows each day's study time from the preferences, and saves a changed day, limit and block", async () => {
    const { user, server, section } = await openStudyTime();
    const s = within(section);
    expect(await s.findByLabelText("Monday from")).toHaveValue("16:00");
    expect(s.getAllByLabelText("Saturday from").map((input) => (input as HTMLInputElement).value)).toEqual(["10:00", "14:00"]);

    // Monday: a second stretch after practice, added from where the first ends, then moved.
    await user.click(s.getByRole("button", { name: "Add time on Monday" }));
    expect(s.getAllByLabelText("Monday from")[1]).toHaveValue("21:00");
    await user.clear(s.getAllByLabelText("Monday to")[0]!);
    await user.type(s.getAllByLabelText("Monday to")[0]!, "18:00");
    await user.click(s.getByRole("button", { name: "Remove Sunday 14:00 to 18:00" }));
    await user.clear(s.getByLabelText("Most study in one day (minutes)"));
    await user.type(s.getByLabelText("Most study in one day (minutes)"), "240");
    await user.click(s.getByRole("button", { name: "Save Study Time" }));

    await findToast("Study time saved", "Your study plan now fits your work into it.");
    const sent = server.body("PUT /api/user/preferences") as { studyWindows: Record<string, unknown>; dailyStudyLimitMinutes: number };
    expect(sent.dailyStudyLimitMinutes).toBe(240);
    expect(sent.studyWindows.monday).toEqual([
      { start: "16:00", end: "18:00" },
      { start: "21:00", end: "22:00" },
    ]);
    expect(sent.studyWindows.sunday).toEqual([{ start: "10:00", end: "12:00" }]);
  });

  it("refuses overlapping stretches and a limit out of range under their fields, sending nothing", async () => {
    const { user, server, section } = await openStudyTime();
    const s = within(section);
    await user.click(await s.findByRole("button", { name: "Add time on Tuesday" }));
    await user.clear(s.getAllByLabelText("Tuesday from")[1]!);
    await user.type(s.getAllByLabelText("Tuesday from")[1]!, "20:00");
    await user.clear(s.getByLabelText("Longest block (minutes)"));
    await user.type(s.getByLabelText("Longest block (minutes)"), "200");
    await user.click(s.getByRole("button", { name: "Save Study Time" }));
    expect(await s.findByText("A day's study windows must not overlap")).toBeVisible();
    expect(s.getByText("The longest study block must be a whole number of minutes from 15 to 120")).toBeVisible();
    expect(server.sent("PUT /api/user/preferences")).toEqual([]);
  });

  it("turns the push at a study block's start on and off at once, off until then", async () => {
    const { user, server, section } = await openStudyTime();
    const push = within(section).getByRole("switch", { name: "Notify me when a study block starts" });
    expect(push).not.toBeChecked();
    expect(push).toHaveAccessibleDescription("Sent to your devices with notifications on, when it is time for each task's block.");
    await user.click(push);
    await waitFor(() => expect(push).toBeChecked());
    expect(server.body("PUT /api/user/preferences")).toEqual({ studyBlockReminders: true });
    expect(server.preferences.studyBlockReminders).toBe(true);
  });

  it("reads in Spanish", async () => {
    const { section } = await openStudyTime("es");
    const s = within(section);
    expect(await s.findByRole("button", { name: "Guardar tiempo de estudio" })).toBeVisible();
    await waitFor(() => expect(s.getByLabelText("Máximo de estudio en un día (minutos)")).toHaveValue(180));
    expect(s.getByRole("button", { name: /^Agregar tiempo el lunes$/ })).toBeVisible();
    expect(s.getByRole("switch", { name: "Avisarme cuando empiece un bloque de estudio" })).toBeVisible();
  });
});
