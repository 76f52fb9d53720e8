/**
 * The browser build's "zod" (vite.config.ts aliases the bare specifier here; the server and the
 * tests use zod itself). Zod compiles object schemas with `new Function` unless told not to, and
 * it probes for that ability when a schema is built. Our CSP forbids eval (script-src 'self'), so
 * the probe alone would report a Content Security Policy violation. Jitless mode skips both.
 *
 * Set here, in the module every client import of zod goes through, it runs before any schema is
 * built, whichever lazily loaded chunk builds the first one, and the landing page, which builds
 * none, does not download zod at all (docs/decisions/065).
 */
import { config } from "zod/v4/core";

config({ jitless: true });

export * from "zod/v4";
export { default } from "zod/v4";
