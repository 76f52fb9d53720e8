/**
 * API paths that both sides must agree on. The server's CSRF guard and the client's API helper
 * read the same lists, so a path cannot be exempt on one side and not the other.
 */

/** Sign-in, in both spellings the API serves (docs/product.md, "API"). */
export const SIGN_IN_PATHS = ["/api/login", "/api/auth/login"] as const;
/** Registration, in both spellings. */
export const REGISTER_PATHS = ["/api/register", "/api/auth/register"] as const;
/** Sign-out, in both spellings. */
export const SIGN_OUT_PATHS = ["/api/logout", "/api/auth/logout"] as const;

/** A sign-in's second step: the code of an account with two-step verification (issue 55). */
export const SECOND_FACTOR_PATH = "/api/login/second-factor";
/** The cookie that carries a sign-in waiting for its code, sent only to the sign-in paths. */
export const SIGN_IN_CHALLENGE_COOKIE = "sh_2fa";

/** Forgot password by email (decision 115): asking for the link, and setting the password with it. */
export const FORGOT_PASSWORD_PATH = "/api/auth/forgot-password";
export const RESET_PASSWORD_PATH = "/api/auth/reset-password";
/** Whether a mailed link's token still works, asked as its page opens (issue 49): 204, or the reset's 400. */
export const RESET_LINK_CHECK_PATH = "/api/auth/reset-password/check";

/**
 * State-changing calls that carry no CSRF token: sign-in and registration create the session, so
 * there is no session to bind a token to yet; nor is there one when a password is forgotten.
 */
export const CSRF_EXEMPT_PATHS: readonly string[] = [
  ...SIGN_IN_PATHS,
  SECOND_FACTOR_PATH,
  ...REGISTER_PATHS,
  FORGOT_PASSWORD_PATH,
  RESET_PASSWORD_PATH,
  RESET_LINK_CHECK_PATH,
];

/** The admin passcode step-up: a 401 there means a wrong passcode, not an ended session. */
export const ADMIN_LOGIN_PATH = "/api/admin/login";

/** The account's two-step verification (issue 55): DELETE here turns it off, and its 401 means a wrong password. */
export const TWO_FACTOR_PATH = "/api/user/two-factor";

/** The signed-in user's own account: DELETE here deletes it, and its 401 means a wrong password, not an ended session. */
export const ACCOUNT_PATH = "/api/user";
