import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { englishOnScreen } from "@/test/english-on-screen";
import { reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";
import { findToast } from "@/test/tasks";

/** Settings → Family (issue 54): parents and guardians invited to the family email. */
async function openFamily(locale: "en" | "es" = "en") {
  const rendered = await renderApp("/", { user: student({ locale }), locale, width: 1280 });
  const sidebar = await screen.findByRole("complementary", { name: locale === "es" ? "Barra lateral" : "Sidebar" });
  await rendered.user.click(within(sidebar).getByRole("button", { name: locale === "es" ? "Configuración" : "Settings" }));
  const settings = await screen.findByRole("dialog", { name: locale === "es" ? "Configuración" : "Settings" });
  const section = await within(settings).findByRole("region", { name: locale === "es" ? "Familia" : "Family" });
  return { ...rendered, section };
}

describe("Settings → Family", () => {
  it("invites a guardian in their language, lists where they stand, and removes them after a question", async () => {
    const { user, server, section } = await openFamily();
    const s = within(section);
    await user.type(await s.findByLabelText("Their email"), "Madre@Example.com");
    await user.click(s.getByRole("combobox", { name: "Language" }));
    await user.click(await screen.findByRole("option", { name: "Español" }));
    await user.click(s.getByRole("button", { name: "Invite a parent or guardian" }));
    await findToast("Invitation sent to madre@example.com", "");
    expect(server.body("POST /api/user/guardians")).toEqual({ email: "madre@example.com", locale: "es", frequency: "weekly" });
    const list = await s.findByRole("list", { name: "Parents and guardians" });
    expect(within(list).getByRole("listitem")).toHaveTextContent(
      "madre@example.comInvited: waiting for them to confirm · Español · Each Sunday",
    );
    await user.click(within(list).getByRole("button", { name: "Remove madre@example.com" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Stop sharing with madre@example.com?" });
    await user.click(within(confirm).getByRole("button", { name: "Remove" }));
    await findToast("madre@example.com removed", "");
    await waitFor(() => expect(s.queryByRole("list", { name: "Parents and guardians" })).toBeNull());
  });

  it("checks the address before anything is sent, and says why an invitation was refused", async () => {
    const { user, server, section } = await openFamily();
    const s = within(section);
    await user.type(await s.findByLabelText("Their email"), "not an address");
    await user.click(s.getByRole("button", { name: "Invite a parent or guardian" }));
    expect(await s.findByText("Enter the email address of a parent or guardian")).toBeVisible();
    expect(server.sent("POST /api/user/guardians")).toEqual([]);
    server.answer(
      "POST /api/user/guardians",
      reply(409, { message: "Your school has turned off the family emails", code: "guardians.digests_off" }),
    );
    await user.clear(s.getByLabelText("Their email"));
    await user.type(s.getByLabelText("Their email"), "dad@example.com");
    await user.click(s.getByRole("button", { name: "Invite a parent or guardian" }));
    await findToast("Could not send the invitation", "Your school has turned off the family emails");
  });

  it("reads in Spanish", async () => {
    const { section } = await openFamily("es");
    const s = within(section);
    expect(await s.findByLabelText("Su correo")).toBeVisible();
    expect(s.getByRole("button", { name: "Invitar a un padre, madre o tutor" })).toBeVisible();
    // "English" is the language picker's name for English, in every language.
    expect(englishOnScreen(["English", "Maya", "Patel"])).toEqual([]);
  });
});
