import { z } from "zod";
import { ANNOUNCEMENT_SHOW_DAYS_DEFAULT, ANNOUNCEMENT_SHOW_DAYS_MAX } from "../announcements";
import { messageRef } from "../i18n/translate";

/** The school's announcements (docs/product.md#school-day, decision 113). */

export const ANNOUNCEMENT_TITLE_MAX = 100;
export const ANNOUNCEMENT_BODY_MAX = 1000;
export const ANNOUNCEMENT_AUDIENCES = ["all", "students", "admins"] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];
/** How far back a reader's list goes. */
export const ANNOUNCEMENT_READER_DAYS = 30;

const TITLE_REQUIRED = messageRef("admin.announcement_title_required");
const BODY_REQUIRED = messageRef("admin.announcement_body_required");
const AUDIENCE_INVALID = messageRef("admin.announcement_audience_invalid");
const SHOW_DAYS_INVALID = messageRef("admin.announcement_show_days_invalid", { max: ANNOUNCEMENT_SHOW_DAYS_MAX });

/** POST /api/admin/announcements. Unknown fields are stripped. */
export const announcementInputSchema = z.object({
  title: z
    .string({ error: TITLE_REQUIRED })
    .trim()
    .min(1, TITLE_REQUIRED)
    .max(ANNOUNCEMENT_TITLE_MAX, messageRef("admin.announcement_title_too_long", { max: ANNOUNCEMENT_TITLE_MAX })),
  body: z
    .string({ error: BODY_REQUIRED })
    .trim()
    .min(1, BODY_REQUIRED)
    .max(ANNOUNCEMENT_BODY_MAX, messageRef("admin.announcement_body_too_long", { max: ANNOUNCEMENT_BODY_MAX })),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES, { error: AUDIENCE_INVALID }),
  /** How many days Home shows it (issue 49); 3 unless staff choose. */
  showDays: z
    .number({ error: SHOW_DAYS_INVALID })
    .int(SHOW_DAYS_INVALID)
    .min(1, SHOW_DAYS_INVALID)
    .max(ANNOUNCEMENT_SHOW_DAYS_MAX, SHOW_DAYS_INVALID)
    .nullish()
    .transform((v) => v ?? ANNOUNCEMENT_SHOW_DAYS_DEFAULT),
});
export type AnnouncementInput = z.output<typeof announcementInputSchema>;

/**
 * The admin panel's announcement form: the request's rules, with the days Home shows it as the
 * text its select holds ("3"), checked with the request's rule once a number.
 */
export const announcementFormSchema = announcementInputSchema.extend({
  showDays: z
    .string({ error: SHOW_DAYS_INVALID })
    .regex(/^\d{1,4}$/, SHOW_DAYS_INVALID)
    .transform(Number)
    // The request's number, with its rules: a whole number of days, 1 to ANNOUNCEMENT_SHOW_DAYS_MAX.
    .pipe(announcementInputSchema.shape.showDays.in.unwrap().unwrap()),
});

/** The school event an announcement was made from: its days and time as stored (core/announcements.ts). */
export const announcementEventSchema = z
  .object({ date: z.string(), endDate: z.string().nullable(), time: z.string().nullable() })
  .nullable();

/** What staff read: the announcement, how many accounts read it in the app, and how its devices fared. */
export const announcementProgressSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  /** ISO-8601 UTC */
  createdAt: z.string(),
  /** ISO-8601 UTC: from then on Home no longer shows it; null for those sent before it was chosen. */
  shownUntil: z.string().nullable(),
  event: announcementEventSchema,
  /** Accounts of its audience when it was sent: each sees it in the app (issue 49). Null when sent before this was counted. */
  readers: z.number().int().nullable(),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
});
export type AnnouncementProgress = z.infer<typeof announcementProgressSchema>;

/** What a signed-in reader sees (GET /api/school/announcements). */
export const schoolAnnouncementSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  /** ISO-8601 UTC */
  createdAt: z.string(),
  shownUntil: z.string().nullable(),
  event: announcementEventSchema,
});
export type SchoolAnnouncement = z.infer<typeof schoolAnnouncementSchema>;
