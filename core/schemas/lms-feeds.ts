import { z } from "zod";
import { messageRef } from "../i18n/translate";

/** LMS calendar feeds (docs/product.md#lms-feeds, decision 117). */
export const MAX_LMS_FEEDS_PER_USER = 20;
export const LMS_FEED_NAME_MAX = 60;
export const LMS_FEED_URL_MAX = 2000;
/**
 * What a feed's items become: assignments as tasks and the rest as events (the default), only its
 * assignments as tasks, or every dated item as a task.
 */
export const LMS_FEED_MODES = ["tasks-and-events", "assignments", "everything"] as const;
export type LmsFeedMode = (typeof LMS_FEED_MODES)[number];
export const DEFAULT_LMS_FEED_MODE: LmsFeedMode = "tasks-and-events";

const URL_MESSAGE = messageRef("server.lms_url_invalid");
const url = z
  .string({ error: URL_MESSAGE })
  .trim()
  .max(LMS_FEED_URL_MAX, URL_MESSAGE)
  .refine((v) => /^(https?|webcals?):\/\/\S+$/i.test(v), URL_MESSAGE);
const NAME_REQUIRED = messageRef("server.lms_name_required");
const name = z
  .string({ error: NAME_REQUIRED })
  .trim()
  .min(1, NAME_REQUIRED)
  .max(LMS_FEED_NAME_MAX, messageRef("server.lms_name_too_long", { max: LMS_FEED_NAME_MAX }));
const mode = z.enum(LMS_FEED_MODES, { error: messageRef("server.lms_mode_invalid") });

/** POST /api/user/feeds. */
export const createLmsFeedSchema = z.object({ url, name, mode: mode.default(DEFAULT_LMS_FEED_MODE) });
export type CreateLmsFeedInput = z.input<typeof createLmsFeedSchema>;

/** PUT /api/user/feeds/{id}: only the fields present change; a new address starts a paused feed again. */
export const updateLmsFeedSchema = z.object({ url: url.optional(), name: name.optional(), mode: mode.optional() });

/** A feed as the API answers it: the address only as its origin, never in full (it is the student's secret). */
export const lmsFeedSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** "https://canvas.example.edu/…": enough to recognise, not enough to read the feed. */
  urlHint: z.string(),
  mode: z.enum(LMS_FEED_MODES),
  status: z.enum(["active", "paused"]),
  /** How many of its items are tasks or events now. */
  itemCount: z.number().int(),
  lastSuccessAt: z.string().nullable(),
  /** What went wrong last, worded in the reader's language; null after a good refresh. */
  lastError: z.string().nullable(),
  failures: z.number().int(),
});
export type LmsFeed = z.infer<typeof lmsFeedSchema>;

/**
 * POST /api/user/feeds and POST /api/user/feeds/{id}/refresh: how many items are tasks or events
 * now, and how many the feed held that could not be read and were left out (decision 122).
 */
export const lmsFeedImportSchema = z.object({ feed: lmsFeedSchema, imported: z.number().int(), skipped: z.number().int() });
export type LmsFeedImport = z.infer<typeof lmsFeedImportSchema>;
