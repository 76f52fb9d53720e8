import type { UserEvent } from "@testing-library/user-event";
import { reply, type FakeServer } from "./fake-server";

// What the account screens' component tests share (moved from e2e/auth.spec.ts, sso.spec.ts,
// password-reset.spec.ts, account.spec.ts, docs/decisions/120).

/** A way to sign in with a school's account, as GET /api/auth/providers answers it. */
export type Provider = { id: string; label: string };
export const GOOGLE: Provider = { id: "google", label: "Sign in with Google" };
export const MICROSOFT: Provider = { id: "microsoft", label: "Sign in with Microsoft" };

/** The school's sign-in options: its providers and its sign-up policy (GET /api/auth/providers, /api/auth/registration). */
export function answerSignInOptions(
  server: FakeServer,
  {
    providers = [GOOGLE, MICROSOFT],
    mode = "open",
    passwordResetByEmail = false,
  }: { providers?: Provider[]; mode?: string; passwordResetByEmail?: boolean } = {},
): FakeServer {
  return server.answer("GET /api/auth/providers", providers).answer("GET /api/auth/registration", { mode, passwordResetByEmail });
}

/** GET /api/user/sign-in-methods of an account without a password, signing in with `providers`. */
export function answerPasswordlessAccount(server: FakeServer, providers: Provider[] = [GOOGLE]): FakeServer {
  return server.answer("GET /api/user/sign-in-methods", { password: false, providers });
}

/** GET /api/user/sign-in-methods of an account with a password. */
export function answerPasswordAccount(server: FakeServer): FakeServer {
  return server.answer("GET /api/user/sign-in-methods", { password: true, providers: [] });
}

export { reply };

/** Puts `text` in `field` in one go, as a paste (and Playwright's fill) does: what was there goes. */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.clear(field);
  if (text) await user.paste(text);
}
