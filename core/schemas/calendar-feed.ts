import { z } from "zod";

/** GET/POST/DELETE /api/calendar-feed (docs/product.md#calendar-feed). */
export const calendarFeedStateSchema = z.object({
  enabled: z.boolean(),
  /** The feed's absolute https address, null while it is off. */
  url: z.string().nullable(),
});
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;
