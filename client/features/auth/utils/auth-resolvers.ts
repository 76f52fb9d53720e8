import { zodResolver } from "@hookform/resolvers/zod";
import { forgotPasswordSchema, registerSchema, resetPasswordSchema, signInSchema } from "@core/schemas/auth";

/**
 * The sign-in and registration forms' validation: a chunk of its own, with zod, downloaded when
 * a form is first used (hooks/auth-validation.ts, docs/decisions/102).
 */
export const signInResolver = zodResolver(signInSchema);
export const registerResolver = zodResolver(registerSchema);
export const forgotPasswordResolver = zodResolver(forgotPasswordSchema);
export const resetPasswordResolver = zodResolver(resetPasswordSchema);
