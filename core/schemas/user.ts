import { z } from "zod";

/** A user as the API returns it (spec §3): never the password hash or any other column. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  passwordResetRequired: z.boolean(),
  /** Class names (spec §3 userClasses). */
  userClasses: z.array(z.string()),
});
export type User = z.infer<typeof userSchema>;
