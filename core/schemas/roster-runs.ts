import { z } from "zod";

/** A roster sync's report (issue 55): GET /api/admin/roster/runs, newest first. */
export const rosterRunSchema = z.object({
  id: z.number().int(),
  source: z.enum(["oneroster", "csv"]),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  status: z.enum(["ok", "failed"]),
  /** Why a run failed: token_refused, redirected, refused, unavailable, timed_out, too_large, not_json, bad_record, too_many. */
  reason: z.string().nullable(),
  created: z.number().int(),
  updated: z.number().int(),
  disabled: z.number().int(),
  /** Students not written as the roster has them: no_email, email_of_another_student, email_of_staff, not_made, classes_kept. */
  refused: z.array(z.object({ sourcedId: z.string(), reason: z.string() })),
  /** Whether the run read the whole roster (`full`) or what changed since the last one (`delta`). */
  mode: z.enum(["full", "delta"]),
});
export type RosterRun = z.infer<typeof rosterRunSchema>;
