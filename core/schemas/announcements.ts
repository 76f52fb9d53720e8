import { z } from "zod";
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
});
export type AnnouncementInput = z.output<typeof announcementInputSchema>;

/** What staff read: the announcement, how many accounts read it in the app, and how its devices fared. */
export const announcementProgressSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(ANNOUNCEMENT_AUDIENCES),
  /** ISO-8601 UTC */
  createdAt: z.string(),
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
});
export type SchoolAnnouncement = z.infer<typeof schoolAnnouncementSchema>;
