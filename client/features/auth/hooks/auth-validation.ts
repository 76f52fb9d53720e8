import type { forgotPasswordSchema, registerSchema, resetPasswordSchema, signInSchema } from "@core/schemas/auth";
import { onDemandSchema } from "@/components/form/use-schema-form";
import { onDemand } from "@/lib/on-demand";

/**
 * The auth forms' schemas and zod, not part of `/auth`'s first screen (docs/decisions/102): a
 * student sees the form at once, and its validation arrives while they type. One chunk holds
 * all four, so the first form used downloads it for the others.
 */
const authSchemas = onDemand(() => import("../utils/auth-schemas"));

export const signInForm = onDemandSchema<typeof signInSchema>(() => authSchemas.load().then((m) => m.signInSchema));
export const registerForm = onDemandSchema<typeof registerSchema>(() => authSchemas.load().then((m) => m.registerSchema));
export const forgotPasswordForm = onDemandSchema<typeof forgotPasswordSchema>(() => authSchemas.load().then((m) => m.forgotPasswordSchema));
export const resetPasswordForm = onDemandSchema<typeof resetPasswordSchema>(() => authSchemas.load().then((m) => m.resetPasswordSchema));
