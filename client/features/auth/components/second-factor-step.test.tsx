import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { fill } from "@/test/auth";
import { englishOnScreen } from "@/test/english-on-screen";
import { reply, student } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// The sign-in's code step (issue 55): the password was right, the account has two-step
// verification, so the form asks for the code before any session. The server's side (challenge,
// codes taken once, limits) is server/routes/two-factor.test.ts's.

const PASSWORD = "Str0ng!Passw0rd";
const WRONG =
  "That code is not right, or was already used. Enter the current 6-digit code from your authenticator app, or a recovery code.";

const WORDS = {
  en: {
    heading: "Sign In",
    email: "Email",
    password: "Password",
    submit: "Sign In",
    step: "Enter your code",
    code: "Code",
    verify: "Verify",
    back: "Back to sign in",
  },
  es: {
    heading: "Iniciar sesión",
    email: "Correo electrónico",
    password: "Contraseña",
    submit: "Iniciar sesión",
    step: "Escribe tu código",
    code: "Código",
    verify: "Verificar",
    back: "Volver a iniciar sesión",
  },
} as const;

describe.each(["en", "es"] as const)("signing in with two-step verification (%s)", (locale) => {
  const words = WORDS[locale];

  async function passwordAccepted() {
    const rendered = await renderApp("/auth", { locale, width: 375 });
    expect(await screen.findByRole("heading", { level: 1, name: words.heading })).toBeVisible();
    rendered.server.answer("POST /api/auth/login", reply(200, { secondFactorRequired: true }));
    await fill(rendered.user, screen.getByLabelText(words.email), "ms.diaz@lincoln.example");
    await fill(rendered.user, screen.getByLabelText(words.password, { exact: true }), PASSWORD);
    await rendered.user.click(screen.getByRole("button", { name: words.submit }));
    expect(await screen.findByRole("heading", { level: 2, name: words.step })).toBeVisible();
    return rendered;
  }

  it("asks for the code after the password, says a wrong one under the field, and the right one opens the dashboard", async () => {
    const { user, server } = await passwordAccepted();
    const code = screen.getByLabelText(words.code);
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("inputmode", "numeric");
    if (locale === "es") expect(englishOnScreen(["Student Hub", "English"])).toEqual([]);

    server.answer(
      "POST /api/login/second-factor",
      reply(401, { message: WRONG, code: "server.two_factor_code_wrong", errors: { code: [WRONG] } }),
    );
    await fill(user, code, "000000");
    await user.click(screen.getByRole("button", { name: words.verify }));
    await waitFor(() => expect(code).toHaveAttribute("aria-invalid", "true"));
    expect(server.body("POST /api/login/second-factor")).toEqual({ code: "000000" });

    server.on("POST /api/login/second-factor", () => (server.user = student({ locale })));
    await fill(user, code, "123 456");
    await user.click(screen.getByRole("button", { name: words.verify }));
    expect(
      await screen.findByRole("heading", {
        level: 2,
        name: /^(Good (morning|afternoon|evening)|Buen(os días|as tardes|as noches)), Maya$/,
      }),
    ).toBeVisible();
    expect(server.sent("POST /api/login/second-factor").at(-1)!.body).toEqual({ code: "123456" });
    expect(window.location.pathname).toBe("/");
  });

  it("goes back to an empty password when the student starts over", async () => {
    const { user } = await passwordAccepted();
    await user.click(screen.getByRole("button", { name: words.back }));
    expect(await screen.findByRole("button", { name: words.submit })).toBeVisible();
    expect(screen.getByLabelText(words.password, { exact: true })).toHaveValue("");
    expect(screen.getByLabelText(words.email)).toHaveValue("ms.diaz@lincoln.example");
  });
});
