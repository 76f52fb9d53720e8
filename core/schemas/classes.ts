import { z } from "zod";
import { duplicateClassKeys, parseUserClasses, periodsFilled, scheduledClassNames } from "../classes";
import { messageRef } from "../i18n/translate";

/**
 * POST and PUT /api/user/classes (docs/product.md#class-setup): the class editor validates with
 * these schemas before it sends, and the server validates the same way, so both give the same
 * message for the same list. The list is read with the encoding of core/classes.ts
 * (docs/decisions/020); what counts as a class and as a duplicate is docs/decisions/060.
 */

export const CLASS_NAME_MAX = 100;
export const MIN_CLASSES_FIRST_SETUP = 6;
export const MIN_CLASSES_EDIT = 4;
/** The editor's period rows: 8 at first, at most 12, never fewer than 6. */
export const INITIAL_PERIODS = 8;
export const MAX_PERIODS = 12;
export const MIN_PERIODS = 6;
/**
 * The most entries a request may carry, blanks included. A full schedule is at most 24 names
 * (12 semester pairs); the slack is for clients that send blank rows, the bound for the rest.
 */
export const MAX_CLASS_ENTRIES = 100;

/** "create" is the first setup (POST), "update" an edit from Settings (PUT). */
export type ClassSaveMode = "create" | "update";

// Message references (decision 108): worded by the form kit and by the server's error answer.
export const NOT_A_CLASS_LIST = messageRef("classes.not_a_class_list");
export const CLASS_NAME_NOT_TEXT = messageRef("classes.class_name_not_text");
export const CLASS_NAME_TOO_LONG = messageRef("classes.class_name_too_long", { max: CLASS_NAME_MAX });
export const TOO_MANY_PERIODS = messageRef("classes.too_many_periods", { max: MAX_PERIODS });
export const DUPLICATE_CLASSES = messageRef("classes.duplicate_classes");

export function minimumClasses(mode: ClassSaveMode): number {
  return mode === "create" ? MIN_CLASSES_FIRST_SETUP : MIN_CLASSES_EDIT;
}

/** "Please add at least 6 classes to create your schedule" / "… 4 classes to update your schedule", as a message reference. */
export function tooFewClassesMessage(mode: ClassSaveMode): string {
  const min = minimumClasses(mode);
  return mode === "create" ? messageRef("classes.too_few_classes_create", { min }) : messageRef("classes.too_few_classes_update", { min });
}

const RENAME_INVALID = messageRef("classes.rename_invalid");
const renamedName = z.string({ error: RENAME_INVALID }).trim().min(1, RENAME_INVALID).max(CLASS_NAME_MAX, CLASS_NAME_TOO_LONG);

function userClassesSchema(mode: ClassSaveMode) {
  return z.object({
    /** Names edited in place in the editor (issue 53): each class's grades follow it to its new name. */
    renames: z
      .array(z.object({ from: renamedName, to: renamedName }, { error: RENAME_INVALID }), { error: RENAME_INVALID })
      .max(MAX_CLASS_ENTRIES, RENAME_INVALID)
      .optional(),
    userClasses: z
      .array(z.string({ error: CLASS_NAME_NOT_TEXT }).trim().max(CLASS_NAME_MAX, CLASS_NAME_TOO_LONG), { error: NOT_A_CLASS_LIST })
      .max(MAX_CLASS_ENTRIES, TOO_MANY_PERIODS)
      // Blank entries are ignored (docs/product.md#class-setup): they are dropped, never stored.
      .transform((names) => names.filter((name) => name !== ""))
      .superRefine((names, ctx) => {
        const periods = parseUserClasses(names);
        if (periodsFilled(periods) > MAX_PERIODS) {
          ctx.addIssue({ code: "custom", message: TOO_MANY_PERIODS });
        } else if (scheduledClassNames(periods).length < minimumClasses(mode)) {
          ctx.addIssue({ code: "custom", message: tooFewClassesMessage(mode) });
        } else if (duplicateClassKeys(periods).size > 0) {
          ctx.addIssue({ code: "custom", message: DUPLICATE_CLASSES });
        }
      }),
  });
}

/** POST /api/user/classes: the first setup. */
export const createClassesSchema = userClassesSchema("create");
/** PUT /api/user/classes: an edit from Settings. */
export const updateClassesSchema = userClassesSchema("update");
export const classesSchemaFor = (mode: ClassSaveMode) => (mode === "create" ? createClassesSchema : updateClassesSchema);
export type SaveClassesInput = z.input<typeof createClassesSchema>;
