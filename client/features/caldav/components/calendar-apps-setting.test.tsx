import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { englishOnScreen } from "@/test/english-on-screen";
import { reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { findToast } from "@/test/tasks";
import { connectLink } from "./connect-qr-code";

/** Settings → Calendar apps (issue 52): device passwords for the phone's own calendar apps. */
async function openCalendarApps(locale: "en" | "es" = "en") {
  const who = locale === "es" ? student({ firstName: "Ana", locale: "es" }) : student();
  const rendered = await renderApp("/", { user: who, locale, width: 1280 });
  const sidebar = await screen.findByRole("complementary", { name: locale === "es" ? "Barra lateral" : "Sidebar" });
  await rendered.user.click(within(sidebar).getByRole("button", { name: locale === "es" ? "Configuración" : "Settings" }));
  const settings = await screen.findByRole("dialog", { name: locale === "es" ? "Configuración" : "Settings" });
  const section = await within(settings).findByRole("region", { name: locale === "es" ? "Apps de calendario" : "Calendar apps" });
  return { ...rendered, section, who };
}

describe("Settings → Calendar apps", () => {
  it("connects an app: its password shown once with the server and user name and a QR code, then listed, then removed", async () => {
    const { user, server, section, who } = await openCalendarApps();
    const s = within(section);
    await user.type(await s.findByLabelText("Device name"), "Maya's iPhone");
    await user.click(s.getByRole("button", { name: "Connect a calendar app" }));
    expect(server.body("POST /api/user/device-passwords")).toEqual({ name: "Maya's iPhone" });

    const details = await screen.findByRole("dialog", { name: "Connect Maya's iPhone" });
    const d = within(details);
    expect(d.getByText("https://hub.school.test/")).toBeVisible();
    expect(d.getByText(who.email)).toBeVisible();
    expect(d.getByText("k7mq-3xwp-h9fd-2bnc")).toBeVisible();
    expect(d.getByRole("button", { name: "Copy Password" })).toBeVisible();
    expect(await d.findByRole("img", { name: "QR code to connect the app" })).toBeVisible();
    expect(d.getByText("This password is shown only once. If you lose it, remove the app and connect it again.")).toBeVisible();
    await user.click(d.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Connect Maya's iPhone" })).toBeNull());

    const list = await s.findByRole("list", { name: "Connected calendar apps" });
    expect(within(list).getByRole("listitem")).toHaveTextContent("Maya's iPhoneNot used yet");
    await user.click(within(list).getByRole("button", { name: "Remove Maya's iPhone" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Remove Maya's iPhone?" });
    await user.click(within(confirm).getByRole("button", { name: "Remove" }));
    await findToast("Maya's iPhone removed", "");
    expect(server.sent("DELETE /api/user/device-passwords/1")).toHaveLength(1);
    await waitFor(() => expect(s.queryByRole("list", { name: "Connected calendar apps" })).toBeNull());
  });

  it("asks for a name before anything is sent, and says why a create was refused", async () => {
    const { user, server, section } = await openCalendarApps();
    const s = within(section);
    await user.click(await s.findByRole("button", { name: "Connect a calendar app" }));
    expect(await s.findByText("Give this calendar app a name")).toBeVisible();
    expect(server.sent("POST /api/user/device-passwords")).toEqual([]);
    server.answer(
      "POST /api/user/device-passwords",
      reply(409, { message: "You can connect at most 10 calendar apps. Remove one you no longer use.", code: "caldav.too_many" }),
    );
    await user.type(s.getByLabelText("Device name"), "Laptop");
    await user.click(s.getByRole("button", { name: "Connect a calendar app" }));
    await findToast("Could not create a password", "You can connect at most 10 calendar apps. Remove one you no longer use.");
  });

  it("makes a caldavs:// link a phone's camera opens in DAVx5, its user name and password encoded", () => {
    expect(connectLink({ serverUrl: "https://hub.school.test/", username: "maya+1@school.test", password: "k7mq-3xwp" })).toBe(
      "caldavs://maya%2B1%40school.test:k7mq-3xwp@hub.school.test/",
    );
    expect(connectLink({ serverUrl: "http://localhost:3000/", username: "a@b.c", password: "p" })).toBe(
      "caldav://a%40b.c:p@localhost:3000/",
    );
  });

  it("reads in Spanish", async () => {
    const { user, section } = await openCalendarApps("es");
    const s = within(section);
    await user.type(await s.findByLabelText("Nombre del dispositivo"), "iPhone de Ana");
    await user.click(s.getByRole("button", { name: "Conectar una app de calendario" }));
    const details = await screen.findByRole("dialog", { name: "Conectar iPhone de Ana" });
    expect(within(details).getByText("Servidor")).toBeVisible();
    // "English" is the language picker's name for English, in every language.
    expect(
      englishOnScreen(["English", "iPhone de Ana", "hub.school.test", "k7mq-3xwp-h9fd-2bnc", "DAVx5", "CalDAV", "Thunderbird", "iPhone"]),
    ).toEqual([]);
  });
});
