/**
 * The sign-in and registration forms' schemas: a chunk of its own, with zod, downloaded when a
 * form is first used (hooks/auth-validation.ts, docs/decisions/102).
 */
export { forgotPasswordSchema, registerSchema, resetPasswordSchema, signInSchema } from "@core/schemas/auth";
