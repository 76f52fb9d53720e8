import { z } from "zod";
import { isCalendarDate } from "../dates";
import { messageRef } from "../i18n/translate";
import { classesSchemaFor } from "./classes";
import { preferencesSchema } from "./preferences";
import { schoolScheduleSchema } from "./school-schedule";
import { createFocusSessionSchema } from "./focus";
import { createTaskSchema, MAX_TASKS_PER_USER, TOO_MANY_TASKS } from "./task";
import { MAX_EVENTS_PER_USER, TOO_MANY_EVENTS, updateEventSchema } from "./event";

/**
 * "Download my data" and "Import" (docs/product.md#your-data): the file GET /api/user/export
 * answers and POST /api/user/import takes back. Every item is checked by the API's own schemas.
 */

export const EXPORT_FORMAT = "student-hub-export";
export const EXPORT_VERSION = 1;
export const NOT_AN_EXPORT = messageRef("settings.not_an_export");
export const IMPORT_NEEDS_EMPTY_ACCOUNT = messageRef("settings.import_needs_empty_account");
export const EVENT_PARENTS_BROKEN = messageRef("settings.event_parents_broken");
/** The largest import body: 500 tasks and 1,000 events at their longest texts. */
export const IMPORT_BODY_LIMIT_BYTES = 12 * 1024 * 1024;

/** The structure of an exported event row: its id in the file and its place in a series. */
const eventRow = z.object({
  id: z
    .number({ error: messageRef("settings.event_id_required") })
    .int()
    .positive(),
  parentEventId: z.number().int().positive().nullable().optional().default(null),
  isException: z.boolean().optional().default(false),
  exceptionDate: z.string().refine(isCalendarDate, messageRef("settings.exception_date_invalid")).nullable().optional().default(null),
  originalDate: z.string().refine(isCalendarDate, messageRef("settings.original_date_invalid")).nullable().optional().default(null),
});

/** Ten sessions a day for almost three years. */
export const MAX_IMPORTED_FOCUS_SESSIONS = 10_000;

/** The envelope; tasks and events are checked one by one afterwards, so each error names its item. */
export const exportFileSchema = z.object({
  format: z.literal(EXPORT_FORMAT, { error: NOT_AN_EXPORT }),
  version: z.literal(EXPORT_VERSION, { error: messageRef("settings.export_version_unknown", { version: EXPORT_VERSION }) }),
  user: z.object({ userClasses: z.array(z.string()).optional().default([]) }).optional(),
  schedule: z.unknown().optional(),
  preferences: preferencesSchema.partial().optional(),
  tasks: z.array(z.unknown(), { error: messageRef("settings.tasks_not_list") }).max(MAX_TASKS_PER_USER, TOO_MANY_TASKS),
  events: z.array(z.unknown(), { error: messageRef("settings.events_not_list") }).max(MAX_EVENTS_PER_USER, TOO_MANY_EVENTS),
  // Files from before the focus timer (issue 51) have none.
  focusSessions: z
    .array(z.unknown(), { error: messageRef("server.focus_sessions_not_list") })
    .max(MAX_IMPORTED_FOCUS_SESSIONS, messageRef("server.too_many_focus_sessions", { max: MAX_IMPORTED_FOCUS_SESSIONS }))
    .optional()
    .default([]),
  // Files from before grades (issue 53) have none.
  grades: z.unknown().optional(),
});

/** An exported session: its task by the task's id in the file. */
export const importFocusSessionSchema = createFocusSessionSchema;

export const importTaskSchema = createTaskSchema;
export const importEventRowSchema = eventRow;
export const importEventFieldsSchema = updateEventSchema;
export const importScheduleSchema = schoolScheduleSchema;
/** Classes as an edit saves them (at least 4, the editor's other rules), or none. */
export const importClassesSchema = classesSchemaFor("update");

export interface ImportCounts {
  tasks: number;
  events: number;
  classes: number;
  /** Grade items restored (issue 53). */
  grades: number;
}
