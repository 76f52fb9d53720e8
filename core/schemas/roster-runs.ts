import { z } from "zod";
import { messageRef } from "../i18n/translate";

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

/** What a roster upload does to one student; the preview lists them before anything is written. */
export const rosterChangeSchema = z.object({
  sourcedId: z.string(),
  email: z.string().nullable(),
  name: z.string(),
  action: z.enum(["created", "updated", "disabled", "refused"]),
  /** no_email, email_of_another_student, email_of_staff, not_made (refused); classes_kept (updated). */
  reason: z.string().optional(),
});
export type RosterChange = z.infer<typeof rosterChangeSchema>;

/** The changes an upload's answer lists at most; `moreChanges` counts the rest. */
export const ROSTER_CHANGES_SHOWN = 1000;

/**
 * POST /api/admin/roster/oneroster-csv's answer: the bundle's counts and its changes, student by
 * student; `run` is the report written, null for a preview (nothing was written).
 */
export const rosterCsvResultSchema = z.object({
  preview: z.boolean(),
  mode: z.enum(["full", "delta"]),
  created: z.number().int(),
  updated: z.number().int(),
  disabled: z.number().int(),
  refused: z.array(z.object({ sourcedId: z.string(), reason: z.string() })),
  changes: z.array(rosterChangeSchema),
  moreChanges: z.number().int(),
  run: rosterRunSchema.nullable(),
});
export type RosterCsvResult = z.infer<typeof rosterCsvResultSchema>;

/** ?preview=true|false: whether only to say what the bundle would change. */
export const rosterCsvQuerySchema = z.object({
  preview: z.enum(["true", "false"], { error: messageRef("admin.oneroster_csv_preview_invalid") }).transform((value) => value === "true"),
});
