/**
 * Forgot password by email (issue 38): asking for a link, and the mailed link's page. In a module apart
 * from ROUTES (lib/routes.ts), which the Home tab downloads: only the auth screen and these pages read them (decision 079).
 * The router matches them with one pattern.
 */
export const PASSWORD_BY_EMAIL_ROUTES = { forgotPassword: "/forgot-password", resetPassword: "/reset-password" } as const;
