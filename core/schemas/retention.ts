import { z } from "zod";
import { messageRef } from "../i18n/translate";

/** At most this many accounts in one cohort deletion. */
export const MAX_COHORT = 2000;

export const COHORT_IDS_INVALID = messageRef("admin.cohort_ids_invalid", { max: MAX_COHORT });
export const COHORT_CONFIRMATION_WRONG = messageRef("admin.cohort_confirmation_wrong");

/** The words an admin types to delete `count` accounts at once. */
export const cohortConfirmation = (count: number) => `DELETE ${count} ACCOUNTS`;

/** POST /api/admin/retention/cohort: the accounts, and the typed confirmation `DELETE <n> ACCOUNTS`. */
export const cohortDeletionSchema = z
  .object({
    userIds: z
      .array(z.number({ error: COHORT_IDS_INVALID }).int(COHORT_IDS_INVALID).positive(COHORT_IDS_INVALID), { error: COHORT_IDS_INVALID })
      .min(1, COHORT_IDS_INVALID)
      .max(MAX_COHORT, COHORT_IDS_INVALID)
      .transform((ids) => [...new Set(ids)]),
    confirmation: z.string({ error: COHORT_CONFIRMATION_WRONG }),
  })
  .superRefine((body, ctx) => {
    if (body.confirmation.trim() !== cohortConfirmation(body.userIds.length))
      ctx.addIssue({ code: "custom", path: ["confirmation"], message: COHORT_CONFIRMATION_WRONG });
  });

const account = z.object({ userId: z.number().int(), email: z.string(), lastSeenAt: z.string() });

/** GET /api/admin/retention: the policy in force and what its next run would do (a dry run). */
export const retentionOverviewSchema = z.object({
  policy: z.object({
    inactiveDays: z.number().int().nullable(),
    noticeDays: z.number().int(),
    auditDays: z.number().int(),
    disabledDays: z.number().int(),
    mailNotices: z.boolean(),
  }),
  willNotify: z.array(account),
  willDelete: z.array(account),
  /** When the sweep last ran on any instance, null before its first run. */
  lastRunAt: z.string().nullable(),
});
export type RetentionOverview = z.infer<typeof retentionOverviewSchema>;
