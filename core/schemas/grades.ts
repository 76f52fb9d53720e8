import { z } from "zod";
import { isCalendarDate } from "../dates";
import { GRADE_LEVELS, LETTERS, round2 } from "../grades";
import { messageRef } from "../i18n/translate";

/**
 * Grades (issue 53, decision 134): the requests the Grades screens and the server check alike, and
 * the answer of GET /api/user/grades. The rules are core/grades.ts.
 */

export const MAX_GRADE_CATEGORIES = 10;
export const MAX_GRADE_ITEMS_PER_CLASS = 500;
export const GRADE_NAME_MAX = 100;
/** More points than this is a typing slip, not a grade. */
export const MAX_POINTS = 100_000;
export const MAX_WEIGHT = 1000;

export const GRADE_NAME_REQUIRED = messageRef("grades.name_required");
const NAME_TOO_LONG = messageRef("grades.name_too_long", { max: GRADE_NAME_MAX });
const name = z.string({ error: GRADE_NAME_REQUIRED }).trim().min(1, GRADE_NAME_REQUIRED).max(GRADE_NAME_MAX, NAME_TOO_LONG);

const SCORE_INVALID = messageRef("grades.score_invalid", { max: MAX_POINTS });
const OUT_OF_INVALID = messageRef("grades.out_of_invalid", { max: MAX_POINTS });
const WEIGHT_INVALID = messageRef("grades.weight_invalid", { max: MAX_WEIGHT });
/** A number of points: two decimals kept, anything finer rounded (a score is never typed finer). */
const points = (message: string, positive: boolean) =>
  z
    .number({ error: message })
    .refine((v) => Number.isFinite(v) && (positive ? v > 0 : v >= 0) && v <= MAX_POINTS, message)
    .transform(round2)
    .refine((v) => !positive || v > 0, message);

const CATEGORY_INVALID = messageRef("grades.category_invalid");
const categoryId = z
  .number({ error: CATEGORY_INVALID })
  .int(CATEGORY_INVALID)
  .positive(CATEGORY_INVALID)
  .max(2 ** 31 - 1, CATEGORY_INVALID)
  .nullable();

const SUBJECT_REQUIRED = messageRef("grades.subject_required");
const subject = z.string({ error: SUBJECT_REQUIRED }).trim().min(1, SUBJECT_REQUIRED).max(GRADE_NAME_MAX, SUBJECT_REQUIRED);

const DATE_INVALID = messageRef("grades.date_invalid");
const date = z.string({ error: DATE_INVALID }).refine((v) => isCalendarDate(v), DATE_INVALID);

/** PUT /api/user/grades/classes/{subject}: the class's level and its categories (one without an id is new). */
export const gradeClassSettingsSchema = z.object({
  level: z.enum(GRADE_LEVELS, { error: messageRef("grades.level_invalid") }),
  categories: z
    .array(
      z.object({
        id: categoryId.optional().transform((v) => v ?? null),
        name,
        weight: z
          .number({ error: WEIGHT_INVALID })
          .refine((v) => Number.isFinite(v) && v > 0 && v <= MAX_WEIGHT, WEIGHT_INVALID)
          .transform(round2)
          .refine((v) => v > 0, WEIGHT_INVALID),
      }),
      { error: messageRef("grades.categories_not_list") },
    )
    .max(MAX_GRADE_CATEGORIES, messageRef("grades.too_many_categories", { max: MAX_GRADE_CATEGORIES }))
    .superRefine((categories, ctx) => {
      const names = categories.map((c) => c.name.toLocaleLowerCase());
      if (new Set(names).size !== names.length) ctx.addIssue({ code: "custom", message: messageRef("grades.duplicate_categories") });
    }),
});
export type GradeClassSettings = z.output<typeof gradeClassSettingsSchema>;

/** PUT /api/user/grades/items/{id}: a grade's own fields. */
export const gradeItemFieldsSchema = z.object({
  name,
  categoryId: categoryId.optional().transform((v) => v ?? null),
  score: points(SCORE_INVALID, false),
  outOf: points(OUT_OF_INVALID, true),
  date,
});
export type GradeItemFields = z.output<typeof gradeItemFieldsSchema>;

/** POST /api/user/grades/items: a grade for one of the student's classes. */
export const createGradeItemSchema = gradeItemFieldsSchema.extend({ subject });
export type CreateGradeItemData = z.output<typeof createGradeItemSchema>;

const CUTOFF_INVALID = messageRef("grades.cutoff_invalid");
const cutoff = z
  .number({ error: CUTOFF_INVALID })
  .refine((v) => Number.isFinite(v) && v > 0 && v <= 100, CUTOFF_INVALID)
  .transform(round2);

/** PUT /api/user/grades/scale: each letter's lowest percentage, A above B above C above D. */
export const gradeScaleSchema = z
  .object({
    cutoffs: z.object({ A: cutoff, B: cutoff, C: cutoff, D: cutoff }, { error: CUTOFF_INVALID }),
    plusMinus: z.boolean({ error: messageRef("grades.plus_minus_invalid") }),
  })
  .superRefine((scale, ctx) => {
    const values = LETTERS.map((l) => scale.cutoffs[l]);
    if (values.some((v, i) => i > 0 && v >= values[i - 1]!))
      ctx.addIssue({ code: "custom", path: ["cutoffs"], message: messageRef("grades.cutoffs_order") });
  });

const TARGET_INVALID = messageRef("grades.target_invalid");
/** POST /api/user/grades/what-if: the score one more item needs for the class to reach a target. */
export const whatIfSchema = z.object({
  subject,
  target: z
    .number({ error: TARGET_INVALID })
    .refine((v) => Number.isFinite(v) && v > 0 && v <= 200, TARGET_INVALID)
    .transform(round2),
  item: z.object(
    { categoryId: categoryId.optional().transform((v) => v ?? null), outOf: points(OUT_OF_INVALID, true) },
    { error: OUT_OF_INVALID },
  ),
});
export type WhatIfRequest = z.output<typeof whatIfSchema>;

/** A grade as the API answers it. */
export const gradeItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  categoryId: z.number().int().nullable(),
  score: z.number(),
  outOf: z.number(),
  date: z.string(),
});
export type GradeItemRecord = z.infer<typeof gradeItemSchema>;

export const gradeScaleAnswerSchema = z.object({
  cutoffs: z.object({ A: z.number(), B: z.number(), C: z.number(), D: z.number() }),
  plusMinus: z.boolean(),
});

/** GET /api/user/grades: the scale, every class (the class list's, then former ones with grades) and the GPA. */
export const gradesSchema = z.object({
  scale: gradeScaleAnswerSchema,
  classes: z.array(
    z.object({
      subject: z.string(),
      level: z.enum(GRADE_LEVELS),
      categories: z.array(z.object({ id: z.number().int(), name: z.string(), weight: z.number(), average: z.number().nullable() })),
      items: z.array(gradeItemSchema),
      /** Two decimals; null without anything that counts. */
      average: z.number().nullable(),
      letter: z.string().nullable(),
      /** True for a class no longer in the class list whose grades are kept until the student deletes them. */
      former: z.boolean(),
    }),
  ),
  gpa: z.object({ unweighted: z.number().nullable(), weighted: z.number().nullable() }),
});
export type Grades = z.infer<typeof gradesSchema>;
export type GradesClass = Grades["classes"][number];

export const whatIfAnswerSchema = z.object({
  neededScore: z.number(),
  neededPercent: z.number(),
  possible: z.boolean(),
  bestAverage: z.number().optional(),
});

/** Classes in an export: the class list's and former ones, at most a few years' worth. */
export const MAX_EXPORTED_GRADE_CLASSES = 100;
const ITEM_CATEGORY_UNKNOWN = messageRef("grades.category_unknown");

/**
 * The grades of an export file (issue 53): the scale, and each class with its level, its categories
 * (their ids are the file's own, which its items name) and its grades. Import gives them new ids.
 */
export const importGradesSchema = z.object({
  scale: gradeScaleSchema.nullable().optional(),
  classes: z
    .array(
      z
        .object({
          subject,
          level: gradeClassSettingsSchema.shape.level,
          categories: gradeClassSettingsSchema.shape.categories,
          items: z
            .array(gradeItemFieldsSchema, { error: messageRef("grades.items_not_list") })
            .max(MAX_GRADE_ITEMS_PER_CLASS, messageRef("grades.too_many_items", { max: MAX_GRADE_ITEMS_PER_CLASS })),
        })
        .superRefine((c, ctx) => {
          const ids = new Set(c.categories.map((category) => category.id));
          c.items.forEach((item, index) => {
            if (item.categoryId !== null && !ids.has(item.categoryId))
              ctx.addIssue({ code: "custom", path: ["items", index, "categoryId"], message: ITEM_CATEGORY_UNKNOWN });
          });
        }),
      { error: messageRef("grades.classes_not_list") },
    )
    .max(MAX_EXPORTED_GRADE_CLASSES, messageRef("grades.too_many_classes", { max: MAX_EXPORTED_GRADE_CLASSES })),
});
export type ImportedGrades = z.output<typeof importGradesSchema>;
