import { z } from "zod";

// The password rules (docs/product.md#validation-messages), in the order their messages are shown:
// a form shows only the first failing rule per field.
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

const EMAIL_MAX = 320;
const email = z.string({ error: "Invalid email address" }).trim().email("Invalid email address").max(EMAIL_MAX, "Email too long");

const passwordLength = z
  .string({ error: "Password must be at least 8 characters" })
  .trim()
  .min(PASSWORD_MIN, "Password must be at least 8 characters")
  .max(PASSWORD_MAX, "Password must be less than 128 characters");

const hasUppercase = [/[A-Z]/, "Password must contain at least one uppercase letter"] as const;
const hasLowercase = [/[a-z]/, "Password must contain at least one lowercase letter"] as const;
const hasNumber = [/[0-9]/, "Password must contain at least one number"] as const;
const hasSpecial = [/[^A-Za-z0-9]/, "Password must contain at least one special character"] as const;

/** Registration order: uppercase, lowercase, number, special. */
export const strongPassword = passwordLength
  .regex(...hasUppercase)
  .regex(...hasLowercase)
  .regex(...hasNumber)
  .regex(...hasSpecial);

/** Set-new-password lists the lowercase rule first (docs/product.md#validation-messages). */
const strongNewPassword = passwordLength
  .regex(...hasLowercase)
  .regex(...hasUppercase)
  .regex(...hasNumber)
  .regex(...hasSpecial);

export const signInSchema = z.object({
  // The length cap also keeps an absurd address from reaching the database as a rate-limit key.
  email: z.string({ error: "Invalid email address" }).trim().email("Invalid email address").max(EMAIL_MAX, "Email too long"),
  password: z.string({ error: "Password is required" }).trim().min(1, "Password is required"),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const registerSchema = z
  .object({
    firstName: z.string({ error: "First name is required" }).trim().min(1, "First name is required").max(50, "First name too long"),
    lastName: z.string({ error: "Last name is required" }).trim().min(1, "Last name is required").max(50, "Last name too long"),
    email,
    password: strongPassword,
    confirmPassword: z.string({ error: "Passwords don't match" }).trim(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const setNewPasswordSchema = z
  .object({
    temporaryPassword: z.string({ error: "Temporary password is required" }).trim().min(1, "Temporary password is required"),
    newPassword: strongNewPassword,
    confirmPassword: z.string({ error: "Passwords don't match" }).trim(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ["confirmPassword"],
  });
export type SetNewPasswordInput = z.infer<typeof setNewPasswordSchema>;

export const PASSWORD_REQUIRED = "Password is required";
export const WRONG_PASSWORD = "Password is incorrect";

/** DELETE /api/user: the account's own password confirms the deletion. */
export const deleteAccountSchema = z.object({
  // Trimmed as sign-in trims it: the password that signs in is the one that confirms.
  password: z.string({ error: PASSWORD_REQUIRED }).trim().min(1, PASSWORD_REQUIRED),
});
