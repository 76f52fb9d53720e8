import { z } from "zod";

/** GET /api/settings/public: what every visitor may read. */
export const publicSettingsSchema = z.object({
  logoUrl: z.string().nullable(),
  instagramUrl: z.string().nullable(),
  /** The school's IANA time zone, e.g. America/New_York: "today", greetings, displayed times. */
  timeZone: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
