import { z } from "zod";

/**
 * Zod compiles object schemas with `new Function` unless told not to, and it probes for that
 * ability when a schema is built. Our CSP forbids eval (script-src 'self'), so the probe alone
 * reports a Content Security Policy violation on every page load. Jitless mode skips both.
 * Imported first in main.tsx: the setting is read when each schema is constructed.
 */
z.config({ jitless: true });
