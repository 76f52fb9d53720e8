import { z } from "zod";
import { LOCALES } from "../i18n/locale";
import { messageRef } from "../i18n/translate";

/**
 * A student's parents and guardians (issue 54): invited by the student to a plain email digest of
 * what is due and missed, in the guardian's language, daily or weekly; no account, no app, no grades.
 */

export const MAX_GUARDIANS = 3;
export const GUARDIAN_FREQUENCIES = ["daily", "weekly"] as const;
export type GuardianFrequency = (typeof GUARDIAN_FREQUENCIES)[number];
export const GUARDIAN_STATUSES = ["invited", "confirmed", "unsubscribed"] as const;
export type GuardianStatus = (typeof GUARDIAN_STATUSES)[number];
/** How long an invitation's confirmation link works. */
export const GUARDIAN_CONFIRM_DAYS = 7;

const EMAIL_INVALID = messageRef("guardians.email_invalid");
const locale = z.enum(LOCALES, { error: messageRef("guardians.locale_invalid") });
const frequency = z.enum(GUARDIAN_FREQUENCIES, { error: messageRef("guardians.frequency_invalid") });

/** PUT /api/user/guardians/{id}: the language and how often. */
export const updateGuardianSchema = z.object({ locale, frequency });

/** POST /api/user/guardians: the address to invite, the language the guardian reads, how often. */
export const createGuardianSchema = updateGuardianSchema.extend({
  email: z
    .string({ error: EMAIL_INVALID })
    .trim()
    .toLowerCase()
    .max(254, EMAIL_INVALID)
    .refine((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), EMAIL_INVALID),
});
export type CreateGuardianData = z.output<typeof createGuardianSchema>;

/** A guardian as GET /api/user/guardians answers it. */
export const guardianSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  locale,
  frequency,
  status: z.enum(GUARDIAN_STATUSES),
});
export type Guardian = z.infer<typeof guardianSchema>;
