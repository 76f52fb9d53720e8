import { z } from "zod";

// What the fields of the environment's schema (server/config.ts) are built from: here, not in
// config.ts, because the modules that describe variables of their own (sso-config.ts,
// trust-proxy.ts) use them too, and config.ts imports those.

/** A variable as the environment holds it: text, or unset. */
export const text = z.string().optional();

/**
 * Refuses the value with the one line start-up prints (config.ts throws the first refusal): it
 * names the variable and what would do, and never repeats a secret. Returned from a transform,
 * it is the value zod discards, so what follows in that transform does not run.
 */
export function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue(message);
  return z.NEVER;
}
