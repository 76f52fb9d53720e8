import { ROUTES } from "@/lib/routes";
import { forgetCsrfToken } from "./csrf-token";
import { forgetKeptAnswers } from "./kept-answers";

/**
 * Forget what this page holds of the session: its CSRF token and the answers kept for
 * conditional reads. Call after sign-in, registration and sign-out, and whenever the session
 * turns out to have ended: the next person on the computer must find neither.
 */
export function forgetSession(): void {
  forgetCsrfToken();
  forgetKeptAnswers();
}

/**
 * How long a 401 waits before leaving for /auth: long enough to read the "Session Expired"
 * toast, which tells the user their unsaved form was kept (docs/product.md#session-expiry-and-task-drafts).
 */
export const SESSION_EXPIRED_REDIRECT_MS = 1500;

/**
 * The session ended while the page was open (signed out in another tab, or expired), found by a
 * call that does not answer 401 (the user query's GET /api/session): as for a 401, the session is
 * forgotten and the browser leaves for /auth after the toast's reading time.
 */
export function sessionEnded(): void {
  forgetSession();
  redirectToAuth();
}

let redirectPending = false;
/** Leaves for /auth after the toast's reading time; several 401s at once leave once. */
export function redirectToAuth(): void {
  if (typeof window === "undefined" || redirectPending) return;
  redirectPending = true;
  setTimeout(() => {
    redirectPending = false;
    window.location.href = ROUTES.auth;
  }, SESSION_EXPIRED_REDIRECT_MS);
}
