import { Plus, Trash2 } from "lucide-react";
import { GRADE_LEVELS, LETTERS } from "@core/grades";
import { type GradeItemRecord, type Grades, type GradesClass } from "@core/schemas/grades";
import { ChoiceField } from "@/components/form/choice-field";
import { DateField } from "@/components/form/date-field";
import { FormDialogFooter, FormDialogHeader } from "@/components/form/form-dialog";
import { TextField } from "@/components/form/text-field";
import { useListField } from "@/components/form/use-list-field";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { Button } from "@/components/ui/button";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Switch } from "@/components/ui/switch";
import { serverMessage } from "@/lib/api/errors";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useT, wordMessage } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useSaveGradeClass, useSaveGradeItem, useSaveGradeScale } from "../api/grades";
import {
  classFormSchema,
  classFormValues,
  GRADE_FIELDS,
  gradeFormSchema,
  gradeFormValues,
  SCALE_FIELDS,
  scaleFormSchema,
  scaleFormValues,
} from "../utils/grade-forms";

export const LEVEL_LABELS = { regular: "grades.level_regular", honors: "grades.level_honors", ap: "grades.level_ap" } as const;

type FormProps = { onSaving: (saving: boolean) => void; onDone: () => void };

/**
 * Add Grade and Edit Grade: a name, a score out of its points, the date and, in a class with
 * categories, its category. `fill` is a new grade's name and date (from a task or an exam).
 */
export function GradeForm({
  gradesClass,
  item,
  fill,
  today,
  onSaving,
  onDone,
}: FormProps & { gradesClass: GradesClass; item: GradeItemRecord | null; fill: { name?: string; date: string }; today: string }) {
  const t = useT();
  const save = useSaveGradeItem();
  const { form } = useSchemaForm(gradeFormSchema(gradesClass.subject, gradesClass.categories.length > 0), gradeFormValues(item, fill));
  const submit = form.handleSubmit((data) => {
    onSaving(true);
    save.mutate(
      { id: item?.id ?? null, data },
      {
        onSuccess: () => {
          showToast({ title: t("grades.grade_saved"), variant: "success" });
          onDone();
        },
        onError: (error) => {
          applyServerFieldErrors(form.setError, error, GRADE_FIELDS);
          showToast({ title: t("grades.grade_not_saved"), description: serverMessage(error) ?? undefined, variant: "destructive" });
        },
        onSettled: () => onSaving(false),
      },
    );
  });
  const numberField = (name: "score" | "outOf", label: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...field} inputMode="decimal" autoComplete="off" onChange={(e) => field.onChange(e.target.value.trim())} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormDialogHeader title={t(item ? "grades.edit_grade" : "grades.add_grade")} description={t("grades.grade_description")} />
        <TextField control={form.control} clearErrors={form.clearErrors} name="name" label={t("grades.grade_name")} autoComplete="off" />
        <div className="grid grid-cols-2 gap-3">
          {numberField("score", t("grades.score"))}
          {numberField("outOf", t("grades.out_of"))}
        </div>
        {(gradesClass.categories.length > 0 || item?.categoryId != null) && (
          <ChoiceField
            control={form.control}
            name="categoryId"
            label={t("grades.category")}
            placeholder={t("grades.pick_category")}
            options={gradesClass.categories.map((c) => ({ value: String(c.id), label: c.name }))}
          />
        )}
        <FormField
          control={form.control}
          name="date"
          render={({ field }) => (
            <FormItem>
              <DateField label={t("grades.date")} value={field.value} onChange={field.onChange} today={today} />
              <FormMessage />
            </FormItem>
          )}
        />
        <FormDialogFooter
          onCancel={onDone}
          busy={save.isPending}
          saving={save.isPending}
          submitText={t("grades.save_grade")}
          pendingText={t("common.saving")}
        />
      </form>
    </Form>
  );
}

/** A class's level and weighted categories (at most 10); a category removed leaves its grades without one. */
export function ClassSettingsForm({ gradesClass, onSaving, onDone }: FormProps & { gradesClass: GradesClass }) {
  const t = useT();
  const save = useSaveGradeClass();
  const { form } = useSchemaForm(classFormSchema, classFormValues(gradesClass));
  const categories = useListField(form, "categories");
  // A refusal of the list as a whole (two categories of one name, more than ten).
  const listError = form.formState.errors.categories?.root?.message;
  const submit = form.handleSubmit((settings) => {
    onSaving(true);
    save.mutate(
      { subject: gradesClass.subject, settings },
      {
        onSuccess: () => {
          showToast({ title: t("grades.class_saved"), variant: "success" });
          onDone();
        },
        onError: (error) =>
          showToast({ title: t("grades.class_not_saved"), description: serverMessage(error) ?? undefined, variant: "destructive" }),
        onSettled: () => onSaving(false),
      },
    );
  });
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormDialogHeader title={t("grades.edit_categories")} description={t("grades.categories_description")} />
        <ChoiceField
          control={form.control}
          name="level"
          label={t("grades.level")}
          options={GRADE_LEVELS.map((level) => ({ value: level, label: t(LEVEL_LABELS[level]) }))}
        />
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t("grades.categories")}</legend>
          {categories.items.length === 0 && <p className="text-sm text-muted-foreground">{t("grades.no_categories_note")}</p>}
          {categories.keys.map((key, index) => (
            <div key={key} className="grid grid-cols-[minmax(0,1fr)_5.5rem_auto] items-start gap-2">
              <FormField
                control={form.control}
                name={`categories.${index}.name`}
                render={({ field }) => (
                  <FormItem>
                    <FormLabel className="sr-only">{t("grades.category_name")}</FormLabel>
                    <FormControl>
                      <Input {...field} placeholder={t("grades.category_name")} autoComplete="off" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name={`categories.${index}.weight`}
                render={({ field }) => (
                  <FormItem>
                    <FormLabel className="sr-only">{t("grades.category_weight")}</FormLabel>
                    <FormControl>
                      <Input {...field} inputMode="decimal" placeholder={t("grades.category_weight")} autoComplete="off" />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={t("grades.remove_category", { number: index + 1 })}
                onClick={() => categories.remove(index)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ))}
          {listError && (
            <p role="alert" className="text-sm text-destructive">
              {wordMessage(String(listError))}
            </p>
          )}
          {categories.items.length < 10 && (
            <Button variant="outline" className="justify-self-start" onClick={() => categories.append({ id: null, name: "", weight: "" })}>
              <Plus aria-hidden="true" /> {t("grades.add_category")}
            </Button>
          )}
        </fieldset>
        <FormDialogFooter
          onCancel={onDone}
          busy={save.isPending}
          saving={save.isPending}
          submitText={t("grades.save")}
          pendingText={t("common.saving")}
        />
      </form>
    </Form>
  );
}

/** The grading scale: each letter's lowest percentage, and whether letters take + and −. */
export function ScaleForm({ scale, onSaving, onDone }: FormProps & { scale: Grades["scale"] }) {
  const t = useT();
  const save = useSaveGradeScale();
  const { form } = useSchemaForm(scaleFormSchema, scaleFormValues(scale), {
    // The schema checks the cut-offs as a whole (`cutoffs.A` …, `cutoffs` for their order): each goes to its letter, the order to A.
    fieldOf: (path) => (path[0] === "cutoffs" ? String(path[1] ?? "A") : path.map(String).join(".")),
  });
  const submit = form.handleSubmit((next) => {
    onSaving(true);
    save.mutate(next, {
      onSuccess: () => {
        showToast({ title: t("grades.scale_saved"), variant: "success" });
        onDone();
      },
      onError: (error) => {
        applyServerFieldErrors(form.setError, error, SCALE_FIELDS);
        showToast({ title: t("grades.scale_not_saved"), description: serverMessage(error) ?? undefined, variant: "destructive" });
      },
      onSettled: () => onSaving(false),
    });
  });
  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormDialogHeader title={t("grades.scale")} description={t("grades.scale_description")} />
        <div className="grid grid-cols-2 gap-3">
          {LETTERS.map((letter) => (
            <FormField
              key={letter}
              control={form.control}
              name={letter}
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("grades.cutoff_label", { letter })}</FormLabel>
                  <FormControl>
                    <Input {...field} inputMode="decimal" autoComplete="off" />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          ))}
        </div>
        <FormField
          control={form.control}
          name="plusMinus"
          render={({ field }) => (
            <FormItem className="flex flex-row items-center gap-3">
              <FormControl>
                <Switch checked={field.value} onCheckedChange={field.onChange} />
              </FormControl>
              <FormLabel className="font-normal">{t("grades.plus_minus")}</FormLabel>
            </FormItem>
          )}
        />
        <FormDialogFooter
          onCancel={onDone}
          busy={save.isPending}
          saving={save.isPending}
          submitText={t("grades.save")}
          pendingText={t("common.saving")}
        />
      </form>
    </Form>
  );
}
