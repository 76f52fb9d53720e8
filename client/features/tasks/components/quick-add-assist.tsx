import { XIcon } from "lucide-react";
import { useEffect, useEffectEvent, useMemo, useState } from "react";
import { weekdayOfDate } from "@core/dates";
import { formatDuration, formatShortDate, formatTime12, weekdayShortLabel } from "@core/format";
import { parseQuickAdd, type QuickAddKind, type QuickAddResult, quickAddClasses } from "@core/quick-add";
import { newTemporaryId, useCreateTask } from "@/api/tasks/create-task";
import { useWhenQueued } from "@/hooks/use-when-queued";
import { createSubmissionKeys } from "@/lib/idempotency";
import { useLocale, useT } from "@/lib/i18n";
import { toastTaskError, toastTaskSuccess } from "../hooks/task-toasts";
import type { QuickAddFieldState } from "../types/quick-add";
import type { TaskUser } from "../types/task-user";

type QuickAddAssistProps = {
  user: TaskUser;
  timeZone: string;
  field: QuickAddFieldState;
  /** The field's id: the error's is made from it, which the field names as its description. */
  idPrefix: string;
};

type Chip = { key: string; label: string; remove: () => void };

/**
 * What quick add understood, as removable chips (nothing is guessed silently: a chip removed puts
 * its words back in the title), and the save. Read in the browser as the student types, so it
 * works offline too; the task goes through the same create as the dialog's (optimistic, queued
 * offline, one Idempotency-Key per submission).
 */
export function QuickAddAssist({ user, timeZone, field, idPrefix }: QuickAddAssistProps) {
  const t = useT();
  const locale = useLocale();
  const [ignore, setIgnore] = useState<ReadonlySet<QuickAddKind>>(new Set());
  // A chip removed counts for the words it was removed from: once they are gone, the next task's are read afresh.
  if (!field.text && ignore.size > 0) setIgnore(new Set());
  // The words a save was refused for (no title left): said until they change.
  const [untitled, setUntitled] = useState<string | null>(null);
  const classes = useMemo(() => quickAddClasses(user.userClasses, t), [user.userClasses, t]);
  const result = useMemo(
    () => parseQuickAdd(field.text, { locale, now: new Date(), timeZone, classes, ignore }),
    [field.text, locale, timeZone, classes, ignore],
  );
  const create = useCreateTask();
  const [submissionKeys] = useState(createSubmissionKeys);
  // Offline the create waits in the queue and already shows: the field is free for the next one.
  useWhenQueued(create, () => undefined);

  const save = useEffectEvent(() => {
    if (!result.title) {
      setUntitled(field.text);
      field.input.current?.focus();
      return;
    }
    const typed = field.text;
    const input = {
      title: result.title,
      description: field.description,
      subject: result.subject,
      dueDate: result.dueDate,
      dueTime: result.dueTime,
      priority: result.priority ?? "medium",
      estimateMinutes: result.estimateMinutes,
    };
    create.mutate(
      { input, idempotencyKey: submissionKeys.keyFor(input), temporaryId: newTemporaryId() },
      {
        onSuccess: () => toastTaskSuccess("tasks.created"),
        onError: (error) => {
          toastTaskError(error, "tasks.create_failed", { draftSaved: false });
          // Nothing typed is lost: the words come back unless the student has started another.
          if (!field.input.current?.value) field.setText(typed);
        },
      },
    );
    field.setText("");
    field.setDescription(null);
    setIgnore(new Set());
  });
  const { saveReady } = field;
  useEffect(() => {
    saveReady(() => save());
    return () => saveReady(null);
  }, [saveReady]);

  const chips = chipsFor(result, classes, locale, t, (kind) => setIgnore((kinds) => new Set(kinds).add(kind)));
  if (field.description) {
    chips.push({
      key: "description",
      label: `${t("tasks.description_label")}: ${field.description}`,
      remove: () => field.setDescription(null),
    });
  }
  return (
    <>
      {untitled === field.text && (
        <p id={`${idPrefix}-error`} role="alert" className="text-sm text-destructive">
          {t("tasks.title_required")}
        </p>
      )}
      {chips.length > 0 && (
        <ul aria-label={t("tasks.quick_add_understood")} className="flex flex-wrap gap-1.5">
          {chips.map((chip) => (
            <li
              key={chip.key}
              className="flex max-w-full items-center gap-1 rounded-full border border-primary/30 bg-primary/10 py-0.5 pr-0.5 pl-2.5 text-xs font-medium text-primary"
            >
              <span className="truncate">{chip.label}</span>
              <button
                type="button"
                onClick={() => {
                  chip.remove();
                  field.input.current?.focus();
                }}
                aria-label={t("tasks.quick_add_remove", { part: chip.label })}
                className="flex size-6 shrink-0 items-center justify-center rounded-full hover:bg-primary/15 focus-visible:ring-2 focus-visible:ring-ring/40 focus-visible:outline-none"
              >
                <XIcon className="size-3.5" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** One chip per part understood, worded in the student's language. */
function chipsFor(
  result: QuickAddResult,
  classes: ReturnType<typeof quickAddClasses>,
  locale: ReturnType<typeof useLocale>,
  t: ReturnType<typeof useT>,
  ignore: (kind: QuickAddKind) => void,
): Chip[] {
  return result.parts.map((part) => {
    let label = part.text;
    if (part.kind === "date" && result.dueDate) {
      label = `${weekdayShortLabel(weekdayOfDate(result.dueDate), locale)}, ${formatShortDate(result.dueDate, locale)}`;
    } else if (part.kind === "time" && result.dueTime) {
      label = formatTime12(result.dueTime, locale);
    } else if (part.kind === "priority" && result.priority) {
      label = `${t("tasks.priority_label")}: ${t(`tasks.priority_${result.priority}`)}`;
    } else if (part.kind === "estimate" && result.estimateMinutes !== null) {
      label = t("tasks.time_needed_chip", { duration: formatDuration(result.estimateMinutes, t) });
    } else if (part.kind === "subject" && result.subject) {
      const names = classes.find((c) => c.value === result.subject)?.names ?? [result.subject];
      label = names[names.length - 1]!;
    }
    return { key: part.kind, label, remove: () => ignore(part.kind) };
  });
}
