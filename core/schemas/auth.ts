import { z } from "zod";
import { messageRef } from "../i18n/translate";

// The password rules (docs/product.md#validation-messages), in the order their messages are shown:
// a form shows only the first failing rule per field.
const PASSWORD_MIN = 8;
const PASSWORD_MAX = 128;

const EMAIL_MAX = 320;
const INVALID_EMAIL = messageRef("auth.email_invalid");
const EMAIL_TOO_LONG = messageRef("auth.email_too_long");
const email = z.string({ error: INVALID_EMAIL }).trim().email(INVALID_EMAIL).max(EMAIL_MAX, EMAIL_TOO_LONG);

const PASSWORD_TOO_SHORT = messageRef("auth.password_too_short", { min: PASSWORD_MIN });
const passwordLength = z
  .string({ error: PASSWORD_TOO_SHORT })
  .trim()
  .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX, messageRef("auth.password_too_long", { max: PASSWORD_MAX }));

const hasUppercase = [/[A-Z]/, messageRef("auth.password_needs_uppercase")] as const;
const hasLowercase = [/[a-z]/, messageRef("auth.password_needs_lowercase")] as const;
const hasNumber = [/[0-9]/, messageRef("auth.password_needs_number")] as const;
const hasSpecial = [/[^A-Za-z0-9]/, messageRef("auth.password_needs_special")] as const;

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

const PASSWORDS_DONT_MATCH = messageRef("auth.passwords_dont_match");

export const signInSchema = z.object({
  // The length cap also keeps an absurd address from reaching the database as a rate-limit key.
  email: z.string({ error: INVALID_EMAIL }).trim().email(INVALID_EMAIL).max(EMAIL_MAX, EMAIL_TOO_LONG),
  password: z
    .string({ error: messageRef("auth.password_required") })
    .trim()
    .min(1, messageRef("auth.password_required")),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** A person's names, as registration takes them (the roster import checks each row with the same rules). */
export const NAME_MAX = 50;
export const firstNameField = z
  .string({ error: messageRef("auth.first_name_required") })
  .trim()
  .min(1, messageRef("auth.first_name_required"))
  .max(NAME_MAX, messageRef("auth.first_name_too_long"));
export const lastNameField = z
  .string({ error: messageRef("auth.last_name_required") })
  .trim()
  .min(1, messageRef("auth.last_name_required"))
  .max(NAME_MAX, messageRef("auth.last_name_too_long"));
/** An account's email as registration takes it: trimmed, a valid address, at most 320 characters. */
export const emailField = email;

export const registerSchema = z
  .object({
    firstName: firstNameField,
    lastName: lastNameField,
    email,
    password: strongPassword,
    confirmPassword: z.string({ error: PASSWORDS_DONT_MATCH }).trim(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: PASSWORDS_DONT_MATCH,
    path: ["confirmPassword"],
  });
export type RegisterInput = z.infer<typeof registerSchema>;

export const setNewPasswordSchema = z
  .object({
    temporaryPassword: z
      .string({ error: messageRef("auth.temporary_password_required") })
      .trim()
      .min(1, messageRef("auth.temporary_password_required")),
    newPassword: strongNewPassword,
    confirmPassword: z.string({ error: PASSWORDS_DONT_MATCH }).trim(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_DONT_MATCH,
    path: ["confirmPassword"],
  });
export type SetNewPasswordInput = z.infer<typeof setNewPasswordSchema>;

export const PASSWORD_REQUIRED = messageRef("auth.password_required");
export const WRONG_PASSWORD = messageRef("auth.password_incorrect");

/**
 * DELETE /api/user: the account's own password confirms the deletion; an account without one (it
 * signs in through its school's provider) sends none, and a fresh provider sign-in confirms it.
 */
export const deleteAccountSchema = z.object({
  // Trimmed as sign-in trims it: the password that signs in is the one that confirms.
  password: z.string({ error: PASSWORD_REQUIRED }).trim().min(1, PASSWORD_REQUIRED).optional(),
});

/** POST /api/auth/forgot-password (decision 115). */
export const forgotPasswordSchema = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const RESET_LINK_INVALID = messageRef("auth.reset_link_invalid");
/** A token is 256 random bits in base64url (43 characters); anything far longer is not one. */
const RESET_TOKEN_MAX = 100;

/** POST /api/auth/reset-password: the link's token and the new password, with the registration rules and messages. */
const resetToken = z.string({ error: RESET_LINK_INVALID }).trim().min(1, RESET_LINK_INVALID).max(RESET_TOKEN_MAX, RESET_LINK_INVALID);

/** POST /api/auth/reset-password/check: a mailed link's token, asked about as its page opens. */
export const resetLinkCheckSchema = z.object({ token: resetToken });
export type ResetLinkCheckInput = z.infer<typeof resetLinkCheckSchema>;

export const resetPasswordSchema = z
  .object({
    token: resetToken,
    newPassword: strongPassword,
    confirmPassword: z.string({ error: PASSWORDS_DONT_MATCH }).trim(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: PASSWORDS_DONT_MATCH,
    path: ["confirmPassword"],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
