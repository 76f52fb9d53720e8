import { onDemand } from "@/lib/on-demand";
import { onDemandResolver } from "@/lib/on-demand-resolver";

/**
 * The auth forms' schemas and zod, not part of `/auth`'s first screen (docs/decisions/102): a
 * student sees the form at once, and its validation arrives while they type.
 */
const authValidation = onDemand(() => import("../utils/auth-resolvers"));

export const signInResolver = onDemandResolver(() => authValidation.load().then((m) => m.signInResolver));
export const registerResolver = onDemandResolver(() => authValidation.load().then((m) => m.registerResolver));
export const forgotPasswordResolver = onDemandResolver(() => authValidation.load().then((m) => m.forgotPasswordResolver));
export const resetPasswordResolver = onDemandResolver(() => authValidation.load().then((m) => m.resetPasswordResolver));

/** Starts downloading the validation when the student first focuses or presses anything in a form. */
export function prefetchAuthValidation(): void {
  authValidation.load().catch(() => {
    // Tried again when the form validates.
  });
}
