import { z } from "zod";
import { type GradeCategory, type GradeScale, LETTERS } from "@core/grades";
import { messageRef } from "@core/i18n/translate";
import {
  createGradeItemSchema,
  type GradeItemRecord,
  gradeClassSettingsSchema,
  gradeScaleSchema,
  type GradesClass,
} from "@core/schemas/grades";

/**
 * The Grades screens' forms (issue 53): what each holds as typed, and the API's own schema over it
 * (core/schemas/grades.ts), so a form refuses what the server would, in the same words.
 */

/** A number as a student types it: "84.5", or "84,5" as Spanish writes it; blank is no number (refused as such). */
export function typedNumber(text: string): number {
  const cleaned = text.trim().replace(",", ".");
  return cleaned === "" || !/^-?\d*\.?\d*$/.test(cleaned) ? Number.NaN : Number(cleaned);
}
const numberText = (value: number | undefined) => (value === undefined ? "" : String(value));

const CATEGORY_NEEDED = messageRef("grades.category_needed");

/** A grade as its form holds it: a category's id as text ("" for none), numbers as typed. */
export type GradeFormValues = { name: string; categoryId: string; score: string; outOf: string; date: string };

/** The form's values for `item`, or for a new grade (a name and date from a task or an exam when it comes from one). */
export function gradeFormValues(item: GradeItemRecord | null, fill: { name?: string; date: string }): GradeFormValues {
  return {
    name: item?.name ?? fill.name ?? "",
    categoryId: item?.categoryId === null || item?.categoryId === undefined ? "" : String(item.categoryId),
    score: numberText(item?.score),
    outOf: numberText(item?.outOf),
    date: item?.date ?? fill.date,
  };
}

export const GRADE_FIELDS: readonly (keyof GradeFormValues)[] = ["name", "categoryId", "score", "outOf", "date"];

/**
 * POST /api/user/grades/items's body for `subject`, checked by the API's schema; in a class with
 * categories, one of them is needed, as the server says too.
 */
export const gradeFormSchema = (subject: string, hasCategories: boolean) =>
  z
    .transform((values: GradeFormValues): z.input<typeof createGradeItemSchema> => ({
      subject,
      name: values.name,
      categoryId: values.categoryId === "" ? null : Number(values.categoryId),
      score: typedNumber(values.score),
      outOf: typedNumber(values.outOf),
      date: values.date,
    }))
    .pipe(createGradeItemSchema)
    .superRefine((data, ctx) => {
      if (hasCategories && data.categoryId === null) ctx.addIssue({ code: "custom", path: ["categoryId"], message: CATEGORY_NEEDED });
    });

/** A class's level and categories as the form holds them: weights as typed, a new category without an id. */
export type ClassFormValues = {
  level: GradesClass["level"];
  categories: { id: number | null; name: string; weight: string }[];
};

export function classFormValues(gradesClass: Pick<GradesClass, "level" | "categories">): ClassFormValues {
  return {
    level: gradesClass.level,
    categories: gradesClass.categories.map((c: GradeCategory) => ({ id: c.id, name: c.name, weight: String(c.weight) })),
  };
}

export const classFormSchema = z
  .transform((values: ClassFormValues): z.input<typeof gradeClassSettingsSchema> => ({
    level: values.level,
    categories: values.categories.map((c) => ({ ...(c.id === null ? {} : { id: c.id }), name: c.name, weight: typedNumber(c.weight) })),
  }))
  .pipe(gradeClassSettingsSchema);

/** The grading scale as its form holds it: cut-offs as typed. */
export type ScaleFormValues = Record<(typeof LETTERS)[number], string> & { plusMinus: boolean };

export function scaleFormValues(scale: GradeScale): ScaleFormValues {
  return {
    A: String(scale.cutoffs.A),
    B: String(scale.cutoffs.B),
    C: String(scale.cutoffs.C),
    D: String(scale.cutoffs.D),
    plusMinus: scale.plusMinus,
  };
}

export const SCALE_FIELDS: readonly (keyof ScaleFormValues)[] = [...LETTERS, "plusMinus"];

export const scaleFormSchema = z
  .transform((values: ScaleFormValues): z.input<typeof gradeScaleSchema> => ({
    cutoffs: { A: typedNumber(values.A), B: typedNumber(values.B), C: typedNumber(values.C), D: typedNumber(values.D) },
    plusMinus: values.plusMinus,
  }))
  .pipe(gradeScaleSchema);
