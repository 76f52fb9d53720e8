import { useSyncExternalStore } from "react";
import { formatShortDate, formatTime12 } from "@core/format";
import type { Locale } from "@core/i18n/locale";
import type { CalendarEvent } from "@core/schemas/event";
import type { Task } from "@core/schemas/task";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { useLocale, useT } from "@/lib/i18n";
import type { Conflict, ConflictChoice } from "@/sync/conflicts";

/**
 * "Changed on another device" (decision 116): a change of this page met a row changed elsewhere
 * meanwhile (a 412). The student chooses: keep mine (sent again on the current version) or use
 * theirs (the current version shown, the change dropped). Never closed without a choice, so
 * neither side is dropped silently; several conflicts are asked one after the other.
 */

type Asked = { conflict: Conflict; answer: (choice: ConflictChoice) => void };
let asked: Asked[] = [];
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

/** Asks the student (the dialog below, once rendered) which version to keep. */
export function askConflict(conflict: Conflict): Promise<ConflictChoice> {
  return new Promise((resolve) => {
    const entry: Asked = {
      conflict,
      answer: (choice) => {
        asked = asked.filter((a) => a !== entry);
        notify();
        resolve(choice);
      },
    };
    asked = [...asked, entry];
    notify();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const first = () => asked[0];
const waiting = () => asked.length;

/** How many changes wait for the student's choice (the sync chip says so rather than "All changes saved"). */
export function useConflictsWaiting(): number {
  return useSyncExternalStore(subscribe, waiting, waiting);
}

/**
 * A row in a line: a task's title, due date and whether it is done; an event's title, date and
 * time; dates and times as the app writes them ("Dec 4, 2026 · 3:00 PM", not "2026-12-04 · 15:00").
 */
function summary(row: Partial<Task> | Partial<CalendarEvent>, done: string, locale: Locale): string {
  const [date, time] = "dueDate" in row ? [row.dueDate, row.dueTime] : [(row as CalendarEvent).date, (row as CalendarEvent).time];
  const parts = [
    row.title,
    date ? formatShortDate(date, locale) : null,
    time ? formatTime12(time, locale) : null,
    "dueDate" in row && row.completed ? done : null,
  ];
  return parts.filter(Boolean).join(" · ");
}

/** The row as this page's change would leave it. */
function mine(conflict: Conflict): Partial<Task> | Partial<CalendarEvent> | undefined {
  if (conflict.kind === "tasks") {
    return "changes" in conflict.variables ? { ...conflict.current, ...(conflict.variables.changes as Partial<Task>) } : undefined;
  }
  return "input" in conflict.variables ? { ...conflict.current, ...conflict.variables.input } : undefined;
}

/** What a delete made here took: the whole row, one date of a series, or the series from a date on. */
function deletedHere(conflict: Conflict, t: ReturnType<typeof useT>, locale: Locale): string {
  const scope = conflict.kind === "events" && !("input" in conflict.variables) ? conflict.variables.scope : undefined;
  if (!scope) return t("sync.conflict_deleted");
  return scope.kind === "SINGLE_INSTANCE"
    ? t("sync.conflict_deleted_date", { date: formatShortDate(scope.date, locale) })
    : t("sync.conflict_deleted_from", { date: formatShortDate(scope.date, locale) });
}

export function ConflictDialog() {
  const t = useT();
  const locale = useLocale();
  const current = useSyncExternalStore(subscribe, first, first);
  if (!current) return null;
  const { conflict, answer } = current;
  const yours = mine(conflict);
  const question =
    conflict.kind === "tasks"
      ? t("sync.conflict_task", { title: conflict.current.title })
      : t("sync.conflict_event", { title: conflict.current.title });
  return (
    <AlertDialog open>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t("sync.conflict_title")}</AlertDialogTitle>
          <AlertDialogDescription>{question}</AlertDialogDescription>
        </AlertDialogHeader>
        <ul className="space-y-1 text-sm">
          <li>{yours ? t("sync.yours", { summary: summary(yours, t("sync.done"), locale) }) : deletedHere(conflict, t, locale)}</li>
          <li>{t("sync.theirs", { summary: summary(conflict.current, t("sync.done"), locale) })}</li>
        </ul>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => answer("theirs")}>{t("sync.use_theirs")}</AlertDialogCancel>
          <AlertDialogAction onClick={() => answer("mine")}>{t("sync.keep_mine")}</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
