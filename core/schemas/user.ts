import { z } from "zod";
import { LOCALES } from "../i18n/locale";

/** A user as the API returns it (docs/product.md#user): never the password hash or any other column. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  passwordResetRequired: z.boolean(),
  /** Class names (docs/product.md#classes-and-subjects). */
  userClasses: z.array(z.string()),
  /** The account's language (decision 108): the app follows it on every device. */
  locale: z.enum(LOCALES),
  /**
   * When the session's admin step-up ends (ISO instant), or null: set by the client from
   * GET /api/session's `adminUnlockedUntil`; no user answer of the server carries it.
   */
  adminUnlockedUntil: z.string().nullable().optional(),
});
export type User = z.infer<typeof userSchema>;
