import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { admin, adminNetwork, adminUser, findToast } from "@/test/admin";
import { englishOnScreen } from "@/test/english-on-screen";
import { FakeServer } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/admin-push.spec.ts and e2e/spanish-admin-account.spec.ts (docs/decisions/120): the
// Notifications tab's chooser, its disabled Send, its refusals and what it sends. A push reaching the
// chosen student's device stays in e2e/admin-push.spec.ts; the server's answers are
// server/routes/push.test.ts's ("says when nobody has a device…").

const NO_DEVICE = "No device has notifications turned on for this user";

async function notificationsTab(
  locale: "en" | "es" = "en",
  users = [adminUser({ id: 5, email: "priya@example.com", firstName: "Priya", lastName: "Raman" })],
) {
  const server = new FakeServer();
  adminNetwork(server, { users });
  server.answer("POST /api/push/send", { ok: true });
  const rendered = await renderApp("/admin?tab=notifications", { user: admin({ locale }), server, locale, width: 375 });
  return { ...rendered, server };
}

describe("the Notifications tab", () => {
  it("keeps Send disabled until a user, a title and a message are there, then sends them to that user", async () => {
    const { user, server } = await notificationsTab();
    const send = await screen.findByRole("button", { name: "Send Notification" });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText("Search users"), "priya");
    await user.click(await screen.findByRole("radio", { name: /priya@example\.com/ }));
    expect(screen.getByText("Sending to Priya Raman (priya@example.com)")).toBeVisible();
    await user.type(screen.getByLabelText("Title"), "Assembly moved");
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText("Message"), "The assembly is in the gym at 10.");
    expect(send).toBeEnabled();

    await user.click(send);
    expect(await findToast("Success", "Push notification sent successfully")).toBeVisible();
    expect(screen.getByLabelText("Title")).toHaveValue("");
    expect(server.body("POST /api/push/send")).toEqual({
      externalUserIds: [5],
      title: "Assembly moved",
      body: "The assembly is in the gym at 10.",
    });
  });

  it("says a blank title is refused, and the server's words when the student has no device", async () => {
    const { user, server } = await notificationsTab();
    await user.click(await screen.findByRole("radio", { name: /priya@example\.com/ }));
    await user.type(screen.getByLabelText("Title"), "   ");
    await user.type(screen.getByLabelText("Message"), "Hello");
    await user.click(screen.getByRole("button", { name: "Send Notification" }));
    expect(await findToast("Error", "Title and message are required")).toBeVisible();
    expect(server.sent("POST /api/push/send")).toHaveLength(0);

    server.answer("POST /api/push/send", { ok: false, error: NO_DEVICE });
    await user.clear(screen.getByLabelText("Title"));
    await user.type(screen.getByLabelText("Title"), "Hello");
    await user.click(screen.getByRole("button", { name: "Send Notification" }));
    expect(await findToast("Failed", NO_DEVICE)).toBeVisible();
  });

  it.each([
    ["en", "Title", "Message", "Send Notification", "Error", "Title and message are required"],
    ["es", "Título", "Mensaje", "Enviar notificación", "Error", "El título y el mensaje son obligatorios"],
  ] as const)(
    "%s: says a blank message under its field and in a toast, in the send schema's words, and sends nothing",
    async (locale, titleLabel, messageLabel, sendName, error, required) => {
      const { user, server } = await notificationsTab(locale);
      await user.click(await screen.findByRole("radio", { name: /priya@example\.com/ }));
      await user.type(screen.getByLabelText(titleLabel), "Assembly moved");
      await user.type(screen.getByLabelText(messageLabel), "   ");
      await user.click(screen.getByRole("button", { name: sendName }));

      expect(await findToast(error, required)).toBeVisible();
      const message = screen.getByLabelText(messageLabel);
      expect(message).toHaveAttribute("aria-invalid", "true");
      expect(message).toHaveAccessibleDescription(required);
      expect(screen.getByLabelText(titleLabel)).toHaveAttribute("aria-invalid", "false");
      expect(server.sent("POST /api/push/send")).toHaveLength(0);
      if (locale === "es") expect(englishOnScreen(["Rosa", "Diaz", "Priya", "Raman", "priya@example.com", "Assembly moved"])).toEqual([]);

      // Written, the message is checked again as it changes, and then sent trimmed.
      await user.type(message, "In the gym at 10.  ");
      expect(message).toHaveAttribute("aria-invalid", "false");
      await user.click(screen.getByRole("button", { name: sendName }));
      await waitFor(() => expect(server.sent("POST /api/push/send")).toHaveLength(1));
      expect(server.body("POST /api/push/send")).toEqual({ externalUserIds: [5], title: "Assembly moved", body: "In the gym at 10." });
    },
  );

  it("reads in Spanish: how many are listed, no match, the chosen user, a refusal and a push sent", async () => {
    const users = [
      adminUser({ id: 20, email: "lucia@example.com", firstName: "Lucía", lastName: "Gómez" }),
      adminUser({ id: 21, email: "omar@example.com", firstName: "Omar", lastName: "Reyes" }),
      ...Array.from({ length: 8 }, (_, i) =>
        adminUser({ id: 30 + i, email: `sofia${i}@example.com`, firstName: "Sofía", lastName: "Torres" }),
      ),
    ];
    const { user, server } = await notificationsTab("es", users);
    const typed = ["Rosa", "Diaz", "Lucía", "Gómez", "Omar", "Reyes", "Sofía", "Torres", ...users.map((row) => row.email)];
    expect(await screen.findByRole("heading", { level: 2, name: "Notificaciones" })).toBeVisible();
    const search = screen.getByLabelText("Buscar usuarios");
    await user.type(search, "example");
    expect(await screen.findByText("Se muestran 8 de 10 usuarios. Busca para encontrar a los demás.")).toBeVisible();
    expect(screen.getByText("Ningún usuario elegido")).toBeVisible();
    expect(englishOnScreen(typed)).toEqual([]);

    await user.clear(search);
    await user.type(search, "nadie-con-este-nombre");
    expect(await screen.findByText("Ningún usuario coincide con tu búsqueda")).toBeVisible();
    expect(englishOnScreen([...typed, "nadie-con-este-nombre"])).toEqual([]);

    await user.clear(search);
    await user.type(search, "omar@example.com");
    await user.click(await within(await screen.findByRole("list", { name: /./ })).findByRole("radio", { name: /omar@example\.com/ }));
    expect(screen.getByText("Se enviará a Omar Reyes (omar@example.com)")).toBeVisible();
    await user.type(screen.getByLabelText("Título"), "   ");
    await user.type(screen.getByLabelText("Mensaje"), "Hola");
    await user.click(screen.getByRole("button", { name: "Enviar notificación" }));
    expect(await findToast("Error", "El título y el mensaje son obligatorios")).toBeVisible();
    expect(englishOnScreen([...typed, "Hola"])).toEqual([]);

    server.answer("POST /api/push/send", { ok: false, error: "Ningún dispositivo de este usuario tiene las notificaciones activadas" });
    await user.clear(screen.getByLabelText("Título"));
    await user.type(screen.getByLabelText("Título"), "Asamblea");
    await user.click(screen.getByRole("button", { name: "Enviar notificación" }));
    expect(await findToast("Falló", "Ningún dispositivo de este usuario tiene las notificaciones activadas")).toBeVisible();
    expect(englishOnScreen([...typed, "Asamblea", "Hola"])).toEqual([]);

    server.answer("POST /api/push/send", { ok: true });
    await user.click(screen.getByRole("button", { name: "Enviar notificación" }));
    expect(await findToast("Listo", "Notificación enviada")).toBeVisible();
    expect(screen.getByLabelText("Título")).toHaveValue("");
    expect(englishOnScreen(typed)).toEqual([]);
  });
});
