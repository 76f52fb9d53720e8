import { ArrowLeft, ChevronRight, FlaskConical, GraduationCap, Pencil, Plus, Scale, Settings2, Trash2, X } from "lucide-react";
import { useMemo, useState } from "react";
import { classAverage, type GradeItem, LETTERS, letterOf, neededFor, uncountedItems } from "@core/grades";
import { formatShortDate } from "@core/format";
import type { GradeItemRecord, Grades, GradesClass } from "@core/schemas/grades";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FormDialog } from "@/components/form/form-dialog";
import { EmptyState } from "@/components/states/empty-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { serverMessage } from "@/lib/api/errors";
import { useLocale, useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useDeleteGradeClass, useDeleteGradeItem } from "../api/grades";
import { typedNumber } from "../utils/grade-forms";
import { formatNumber, takesAn } from "../utils/grade-words";
import { ClassSettingsForm, GradeForm, LEVEL_LABELS, ScaleForm } from "./grade-forms";

/** An average and its letter ("91.39% · A"), or "No grades yet". */
function useAverageText() {
  const t = useT();
  const locale = useLocale();
  return (average: number | null, letter: string | null) =>
    average === null ? t("grades.no_grades_yet") : `${t("grades.percent", { value: formatNumber(average, locale) })} · ${letter}`;
}

/** The Grades view (issue 53): the GPA, then every class with its average, letter and level; former classes apart. */
export function GradesOverview({ grades, onOpenClass }: { grades: Grades; onOpenClass: (subject: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const averageText = useAverageText();
  const [scaleOpen, setScaleOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const current = grades.classes.filter((c) => !c.former);
  const former = grades.classes.filter((c) => c.former);
  const row = (c: GradesClass) => (
    <li key={c.subject}>
      <button
        type="button"
        onClick={() => onOpenClass(c.subject)}
        className="flex w-full items-center gap-3 rounded-md border px-3 py-3 text-left hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
      >
        <span className="grid min-w-0 flex-1 gap-1">
          <span className="font-medium break-words">{c.subject}</span>
          <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {averageText(c.average, c.letter)}
            {c.level !== "regular" && <Badge variant="secondary">{t(LEVEL_LABELS[c.level])}</Badge>}
          </span>
        </span>
        {c.letter && (
          <span aria-hidden="true" className="text-2xl font-bold tabular-nums">
            {c.letter}
          </span>
        )}
        <ChevronRight className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      </button>
    </li>
  );
  return (
    <div className="grid gap-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2">{t("grades.gpa")}</CardTitle>
          <CardDescription>{t("grades.private_note")}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap items-end justify-between gap-4">
          {grades.gpa.unweighted === null ? (
            <p className="text-sm text-muted-foreground">{t("grades.gpa_none")}</p>
          ) : (
            <dl className="flex flex-wrap gap-8">
              <div>
                <dt className="text-sm text-muted-foreground">{t("grades.gpa_unweighted")}</dt>
                <dd className="text-3xl font-bold tabular-nums">{formatNumber(grades.gpa.unweighted, locale)}</dd>
              </div>
              <div>
                <dt className="text-sm text-muted-foreground">{t("grades.gpa_weighted")}</dt>
                <dd className="text-3xl font-bold tabular-nums">{formatNumber(grades.gpa.weighted!, locale)}</dd>
              </div>
            </dl>
          )}
          <Button variant="outline" onClick={() => setScaleOpen(true)}>
            <Scale aria-hidden="true" /> {t("grades.scale")}
          </Button>
        </CardContent>
      </Card>
      {current.length === 0 && former.length === 0 ? (
        <EmptyState icon={<GraduationCap />} title={t("grades.no_classes_title")} text={t("grades.no_classes_text")} />
      ) : (
        <ul aria-label={t("grades.title")} className="grid gap-2">
          {current.map(row)}
        </ul>
      )}
      {former.length > 0 && (
        <section aria-labelledby="former-classes" className="grid gap-2">
          <h2 id="former-classes" className="text-lg font-semibold">
            {t("grades.former_classes")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("grades.former_note")}</p>
          <ul className="grid gap-2">{former.map(row)}</ul>
        </section>
      )}
      <FormDialog formKey={scaleOpen ? "scale" : undefined} busy={saving} onClose={() => setScaleOpen(false)}>
        {scaleOpen ? <ScaleForm scale={grades.scale} onSaving={setSaving} onDone={() => setScaleOpen(false)} /> : null}
      </FormDialog>
    </div>
  );
}

/** The dialog's state: closed, a new grade (with what it is filled from), or an edit. */
type Editing = null | { item: GradeItemRecord | null; key: string; fill: { name?: string; date: string } };
/** A what-if grade: never saved, gone when the class is left. */
type WhatIfItem = GradeItem & { key: number };

/**
 * A class's page: its average, level and categories, its grades (by category; those without one
 * "Not counted"), add/edit/delete in one tap, "What do I need?" and the what-if grades.
 */
export function ClassGrades({
  grades,
  gradesClass,
  today,
  fill,
  onBack,
}: {
  grades: Grades;
  gradesClass: GradesClass;
  today: string;
  /** A grade to add at once, from a task or an exam: its name and date. */
  fill: { name: string; date: string } | null;
  onBack: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const averageText = useAverageText();
  const [editing, setEditing] = useState<Editing>(() => (fill ? { item: null, key: "fill", fill } : null));
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<GradeItemRecord | null>(null);
  const [deletingClass, setDeletingClass] = useState(false);
  const removeItem = useDeleteGradeItem();
  const removeClass = useDeleteGradeClass();
  const { categories, items } = gradesClass;
  const uncounted = uncountedItems(categories, items);
  const groups = categories.length
    ? categories.map((c) => ({ key: String(c.id), title: c.name, category: c, items: items.filter((i) => i.categoryId === c.id) }))
    : [{ key: "all", title: null, category: null, items }];

  const deleteItem = (item: GradeItemRecord) =>
    removeItem.mutate(item.id, {
      onSuccess: () => showToast({ title: t("grades.grade_deleted"), variant: "success" }),
      onError: (error) =>
        showToast({ title: t("grades.grade_not_deleted"), description: serverMessage(error) ?? undefined, variant: "destructive" }),
      onSettled: () => setDeleting(null),
    });

  const itemRow = (item: GradeItemRecord) => (
    <li key={item.id} className="flex items-center gap-2 rounded-md border px-3 py-2">
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-medium break-words">{item.name}</p>
        <p className="text-sm text-muted-foreground">{formatShortDate(item.date, locale)}</p>
      </div>
      <span className="font-semibold tabular-nums">
        {t("grades.score_of", { score: formatNumber(item.score, locale), outOf: formatNumber(item.outOf, locale) })}
      </span>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("grades.edit_grade_named", { name: item.name })}
        onClick={() => setEditing({ item, key: `edit-${item.id}`, fill: { date: today } })}
      >
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={t("grades.delete_grade_named", { name: item.name })}
        onClick={() => setDeleting(item)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden="true" /> {t("grades.all_grades")}
        </Button>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="break-words">
            {gradesClass.subject}
          </CardTitle>
          <CardDescription>
            {t("grades.class_average")}: {averageText(gradesClass.average, gradesClass.letter)}
            {gradesClass.level !== "regular" && ` · ${t(LEVEL_LABELS[gradesClass.level])}`}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3">
          {categories.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("grades.no_categories_note")}</p>
          ) : (
            <ul aria-label={t("grades.categories")} className="flex flex-wrap gap-2">
              {categories.map((c) => (
                <li key={c.id}>
                  <Badge variant="outline" className="py-1 text-sm">
                    {c.name} · {t("grades.weight_of", { weight: formatNumber(c.weight, locale) })} ·{" "}
                    {c.average === null ? t("grades.no_grades_yet") : t("grades.percent", { value: formatNumber(c.average, locale) })}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setEditing({ item: null, key: `new-${Date.now()}`, fill: { date: today } })}>
              <Plus aria-hidden="true" /> {t("grades.add_grade")}
            </Button>
            <Button variant="outline" onClick={() => setSettingsOpen(true)}>
              <Settings2 aria-hidden="true" /> {t("grades.edit_categories")}
            </Button>
            {gradesClass.former && (
              <Button variant="outline" onClick={() => setDeletingClass(true)}>
                <Trash2 aria-hidden="true" /> {t("grades.delete_class")}
              </Button>
            )}
          </div>
        </CardContent>
      </Card>

      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("grades.no_grades_in_class")}</p>
      ) : (
        groups.map((group) => (
          <section key={group.key} aria-label={group.title ?? gradesClass.subject} className="grid gap-2">
            {group.title && <h3 className="font-semibold break-words">{group.title}</h3>}
            {group.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("grades.no_grades_yet")}</p>
            ) : (
              <ul className="grid gap-2">{group.items.map(itemRow)}</ul>
            )}
          </section>
        ))
      )}
      {uncounted.length > 0 && (
        <section aria-labelledby="not-counted" className="grid gap-2">
          <h3 id="not-counted" className="font-semibold">
            {t("grades.not_counted")}
          </h3>
          <p className="text-sm text-muted-foreground">{t("grades.not_counted_note")}</p>
          <ul className="grid gap-2">{uncounted.map(itemRow)}</ul>
        </section>
      )}

      <WhatDoINeed grades={grades} gradesClass={gradesClass} />
      <WhatIf grades={grades} gradesClass={gradesClass} />

      <FormDialog formKey={editing?.key} busy={saving} onClose={() => setEditing(null)}>
        {editing && (
          <GradeForm
            gradesClass={gradesClass}
            item={editing.item}
            fill={editing.fill}
            today={today}
            onSaving={setSaving}
            onDone={() => setEditing(null)}
          />
        )}
      </FormDialog>
      <FormDialog formKey={settingsOpen ? "settings" : undefined} busy={saving} onClose={() => setSettingsOpen(false)}>
        {settingsOpen ? <ClassSettingsForm gradesClass={gradesClass} onSaving={setSaving} onDone={() => setSettingsOpen(false)} /> : null}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("grades.delete_grade")}
        description={t("grades.delete_grade_confirm", { name: deleting?.name ?? "" })}
        confirmText={t("common.delete")}
        pendingText={t("common.deleting")}
        pending={removeItem.isPending}
        destructive
        onConfirm={() => deleting && deleteItem(deleting)}
      />
      <ConfirmDialog
        open={deletingClass}
        onOpenChange={setDeletingClass}
        title={t("grades.delete_class")}
        description={t("grades.delete_class_confirm", { subject: gradesClass.subject })}
        confirmText={t("common.delete")}
        pendingText={t("common.deleting")}
        pending={removeClass.isPending}
        destructive
        onConfirm={() =>
          removeClass.mutate(gradesClass.subject, {
            onSuccess: () => {
              showToast({ title: t("grades.class_deleted"), variant: "success" });
              onBack();
            },
            onError: (error) =>
              showToast({ title: t("grades.class_not_deleted"), description: serverMessage(error) ?? undefined, variant: "destructive" }),
            onSettled: () => setDeletingClass(false),
          })
        }
      />
    </div>
  );
}

/** "What do I need?": the score the next grade (of a category, out of some points) needs for a letter, in one line. */
function WhatDoINeed({ grades, gradesClass }: { grades: Grades; gradesClass: GradesClass }) {
  const t = useT();
  const locale = useLocale();
  const { categories, items } = gradesClass;
  const [letter, setLetter] = useState<(typeof LETTERS)[number]>("A");
  const [categoryId, setCategoryId] = useState("");
  const [outOfText, setOutOfText] = useState("100");
  const outOf = typedNumber(outOfText);
  // The last category (a final, typically) until the student picks one.
  const category = categories.find((c) => String(c.id) === categoryId) ?? categories.at(-1) ?? null;
  const target = grades.scale.cutoffs[letter];
  const answer =
    Number.isFinite(outOf) && outOf > 0 && (categories.length === 0 || category)
      ? neededFor(categories, items, target, { categoryId: category?.id ?? null, outOf })
      : null;
  const n = (value: number) => formatNumber(value, locale);
  let line: string | null = null;
  if (answer && !answer.possible) line = t("grades.need_out_of_reach", { best: n(answer.bestAverage!) });
  else if (answer && answer.neededScore === 0) line = t("grades.need_already", { outOf: n(outOf), letter });
  else if (answer) {
    const values = { score: n(answer.neededScore), outOf: n(outOf), letter, vowel: takesAn(letter) };
    line = category ? t("grades.need_answer_category", { ...values, category: category.name }) : t("grades.need_answer", values);
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("grades.what_do_i_need")}</CardTitle>
        <CardDescription>{t("grades.what_do_i_need_description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="grid gap-1.5">
            <Label htmlFor="need-letter">{t("grades.target")}</Label>
            <Select value={letter} onValueChange={(value) => setLetter(value as (typeof LETTERS)[number])}>
              <SelectTrigger id="need-letter" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LETTERS.map((l) => (
                  <SelectItem key={l} value={l}>
                    {t("grades.target_letter", { letter: l, cutoff: n(grades.scale.cutoffs[l]) })}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          {categories.length > 0 && (
            <div className="grid gap-1.5">
              <Label htmlFor="need-category">{t("grades.next_grade_in")}</Label>
              <Select value={category ? String(category.id) : ""} onValueChange={setCategoryId}>
                <SelectTrigger id="need-category" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {categories.map((c) => (
                    <SelectItem key={c.id} value={String(c.id)}>
                      {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor="need-out-of">{t("grades.out_of")}</Label>
            <Input id="need-out-of" inputMode="decimal" value={outOfText} onChange={(e) => setOutOfText(e.target.value)} />
          </div>
        </div>
        <p role="status" className="font-medium">
          {line ?? t("grades.number_invalid")}
        </p>
      </CardContent>
    </Card>
  );
}

/** What-if grades: tried on the class's average, never saved, gone when the class is left. */
function WhatIf({ grades, gradesClass }: { grades: Grades; gradesClass: GradesClass }) {
  const t = useT();
  const locale = useLocale();
  const { categories, items } = gradesClass;
  const [tried, setTried] = useState<WhatIfItem[]>([]);
  const [next, setNext] = useState({ categoryId: "", score: "", outOf: "100" });
  // The first category until the student picks one.
  const categoryId = categories.some((c) => String(c.id) === next.categoryId)
    ? next.categoryId
    : categories[0]
      ? String(categories[0].id)
      : "";
  const projected = useMemo(() => classAverage(categories, [...items, ...tried]), [categories, items, tried]);
  const score = typedNumber(next.score);
  const outOf = typedNumber(next.outOf);
  const valid =
    Number.isFinite(score) && score >= 0 && Number.isFinite(outOf) && outOf > 0 && (categories.length === 0 || categoryId !== "");
  const n = (value: number) => formatNumber(value, locale);
  const add = () => {
    if (!valid) return;
    const number = tried.length + 1;
    setTried([
      ...tried,
      { key: Date.now(), name: t("grades.what_if_name", { number }), categoryId: categoryId ? Number(categoryId) : null, score, outOf },
    ]);
    setNext({ ...next, score: "" });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t("grades.what_if")}</CardTitle>
        <CardDescription>{t("grades.what_if_description")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto] sm:items-end">
          {categories.length > 0 && (
            <div className="col-span-2 grid gap-1.5 sm:col-span-1">
              <Label htmlFor="what-if-category">{t("grades.category")}</Label>
              <Select value={categoryId} onValueChange={(picked) => setNext({ ...next, categoryId: picked })}>
                <SelectTrigger id="what-if-category" className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {categories.map((c) => (
                    <SelectItem key={c.id} value={String(c.id)}>
                      {c.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
          <div className="grid gap-1.5">
            <Label htmlFor="what-if-score">{t("grades.score")}</Label>
            <Input
              id="what-if-score"
              inputMode="decimal"
              value={next.score}
              onChange={(e) => setNext({ ...next, score: e.target.value })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="what-if-out-of">{t("grades.out_of")}</Label>
            <Input
              id="what-if-out-of"
              inputMode="decimal"
              value={next.outOf}
              onChange={(e) => setNext({ ...next, outOf: e.target.value })}
            />
          </div>
          <Button variant="outline" className="col-span-2 sm:col-span-1" disabled={!valid} onClick={add}>
            <FlaskConical aria-hidden="true" /> {t("grades.add_what_if")}
          </Button>
        </div>
        {tried.length > 0 && (
          <>
            <ul aria-label={t("grades.what_if")} className="grid gap-2">
              {tried.map((item) => (
                <li key={item.key} className="flex items-center gap-2 rounded-md border border-dashed px-3 py-2">
                  <span className="min-w-0 flex-1 break-words">
                    {item.name}
                    {item.categoryId !== null && ` · ${categories.find((c) => c.id === item.categoryId)?.name ?? ""}`}
                  </span>
                  <span className="font-semibold tabular-nums">{t("grades.score_of", { score: n(item.score), outOf: n(item.outOf) })}</span>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("grades.remove_what_if", { name: item.name })}
                    onClick={() => setTried(tried.filter((i) => i !== item))}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
            <p role="status" className="font-medium">
              {projected === null
                ? t("grades.no_grades_yet")
                : t("grades.what_if_average", { average: n(projected), letter: letterOf(projected, grades.scale) })}
            </p>
          </>
        )}
      </CardContent>
    </Card>
  );
}
