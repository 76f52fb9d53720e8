import { PlusIcon } from "lucide-react";
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import type { User } from "@core/api-types";
import type { ClassSaveMode } from "@core/schemas/classes";
import { SubmitButton } from "@/components/form/submit-button";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { useKeepFocusedFieldVisible } from "@/hooks/use-keep-focused-field-visible";
import { errorMessage, isSessionExpired } from "@/lib/api/errors";
import type { ClassEditorStart } from "@/lib/routes";
import { showToast } from "@/lib/toast";
import { useSchoolSchedule } from "@/api/user/school-schedule";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { useSaveClasses } from "../api/save-classes";
import { clearClassSetupDraft, readClassSetupDraft, saveClassSetupDraft } from "../hooks/class-setup-draft";
import {
  addPeriod,
  canAddPeriod,
  emptyRows,
  type NameField,
  type PeriodRow,
  removePeriod,
  rowsFromUserClasses,
  validateRows,
} from "../utils/class-editor-state";
import { PeriodFieldset } from "./period-fieldset";
import { SchoolDayStep } from "./school-day-step";

/** One toast for the outcome of saving classes: a second save replaces the first's instead of queueing. */
const CLASS_SAVE_TOAST = "class-save";

type ClassEditorDialogProps = {
  user: User;
  open: boolean;
  onClose: () => void;
  /** Open on the School Day step (Settings → School Day) instead of the classes. */
  startAt?: ClassEditorStart;
};

/** A student with no classes sets them up for the first time (POST); anyone else edits them (PUT). */
export function classSaveMode(user: User): ClassSaveMode {
  return user.userClasses.length === 0 ? "create" : "update";
}

/**
 * The class editor (docs/product.md#class-setup): "Complete Your Setup" on the first run, "Edit
 * Classes" afterwards. The rows and their rules are in class-editor-state.ts; this is the dialog
 * around them. While a save is on its way the dialog stays open.
 */
const currentTab = () => document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');

export function ClassEditorDialog({ user, open, onClose, startAt = "classes" }: ClassEditorDialogProps) {
  const save = useSaveClasses();
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !save.isPending && onClose()}>
      {/* Opened by itself on a first visit ("Complete Your Setup"), it has no opener: the focus
          then goes to the tab the student is on rather than to <body>. */}
      <DialogContent
        returnFocusFallback={currentTab}
        className="flex max-h-[calc(var(--page-height)-1rem)] w-[calc(100%-1rem)] flex-col gap-0 overflow-hidden p-0 sm:max-h-[calc(var(--page-height)-2rem)] sm:max-w-xl"
      >
        {open && <ClassEditorStarts key={user.id} user={user} onClose={onClose} save={save} startAt={startAt} />}
      </DialogContent>
    </Dialog>
  );
}

/** The classes, then (after a successful save, or straight away) the School Day step. */
function ClassEditorStarts({ startAt, ...props }: ClassEditorFormProps & { startAt: ClassEditorStart }) {
  const [step, setStep] = useState<ClassEditorStart>(startAt);
  if (step === "classes") return <ClassEditorForm {...props} onSaved={() => setStep("school-day")} />;
  return <SchoolDayLoader user={props.user} onDone={props.onClose} dismissLabel={startAt === "classes" ? "Skip" : "Cancel"} />;
}

function SchoolDayLoader({ user, onDone, dismissLabel }: { user: User; onDone: () => void; dismissLabel: "Skip" | "Cancel" }) {
  const schedule = useSchoolSchedule();
  if (schedule.isPending) return <LoadingState label="Loading your school day" />;
  if (schedule.isError)
    return (
      <div className="grid gap-3 p-6">
        <DialogTitle>School Day</DialogTitle>
        <ErrorState message={`Could not load your school day: ${errorMessage(schedule.error)}`} onRetry={() => void schedule.refetch()} />
        <Button variant="outline" onClick={onDone}>
          {dismissLabel}
        </Button>
      </div>
    );
  return <SchoolDayStep schedule={schedule.data} userClasses={user.userClasses} onDone={onDone} dismissLabel={dismissLabel} />;
}

type ClassEditorFormProps = { user: User; onClose: () => void; save: ReturnType<typeof useSaveClasses> };

function ClassEditorForm({ user, onClose, save, onSaved }: ClassEditorFormProps & { onSaved: () => void }) {
  // Fixed while the dialog is open: the first save's answer must not turn the closing
  // "Complete Your Setup" into "Edit Classes".
  const [mode] = useState(() => classSaveMode(user));
  const [rows, setRows] = useState<PeriodRow[]>(() =>
    mode === "create" ? (readClassSetupDraft(user.id) ?? emptyRows()) : rowsFromUserClasses(user.userClasses),
  );
  // Messages appear after the first Save, then follow the typing. Each failed Save announces its
  // message again (the alert is re-created), and moves focus to where the fix is needed.
  const [failedSaves, setFailedSaves] = useState(0);
  const showErrors = failedSaves > 0;
  /** An unavailable toggle someone tried: its reason is shown until the next change. */
  const [explained, setExplained] = useState<{ index: number; toggle: string } | null>(null);
  /** Only what the student changed is a draft: opening the dialog must not overwrite one. */
  const changedByStudent = useRef(false);
  const saveButton = useRef<HTMLButtonElement>(null);
  /** The row whose name field takes focus once an add or a remove has rendered. */
  const focusAfterChange = useRef<number | null>(null);
  /** The name fields on screen, keyed "index.field" ("3.name", "0.secondName"). */
  const nameInputs = useRef(new Map<string, HTMLInputElement>());
  const nameInput = (index: number, field: NameField = "name") => nameInputs.current.get(`${index}.${field}`);
  /** Periods with a first name field (covered ones have none), in order. */
  const periodsWithInputs = () =>
    [...nameInputs.current.keys()]
      .filter((key) => key.endsWith(".name"))
      .map((key) => Number(key.split(".")[0]))
      .sort((a, b) => a - b);
  const addButton = useRef<HTMLButtonElement>(null);
  const scrollArea = useRef<HTMLDivElement>(null);
  const formMessageId = useId();
  useKeepFocusedFieldVisible(scrollArea);

  const validation = useMemo(() => validateRows(rows, mode), [rows, mode]);

  useEffect(() => {
    if (mode === "create" && changedByStudent.current) saveClassSetupDraft(user.id, rows);
  }, [mode, rows, user.id]);

  // After an add or a remove, focus where the student's attention is: the new or following period
  // (or the Add button when that period is covered by a block or gone).
  useEffect(() => {
    const index = focusAfterChange.current;
    if (index === null) return;
    focusAfterChange.current = null;
    (nameInput(index) ?? addButton.current)?.focus();
  }, [rows]);

  const update = (change: (rows: readonly PeriodRow[]) => PeriodRow[]) => {
    changedByStudent.current = true;
    setExplained(null);
    setRows((current) => change(current));
  };

  /** The next period's name field after `index` (covered periods have none), else Add, else Save. */
  const focusAfter = (index: number) => {
    const next = periodsWithInputs().find((i) => i > index);
    (next !== undefined ? nameInput(next) : (addButton.current ?? saveButton.current))?.focus();
  };

  /** Where a failed Save sends the focus: the field to fix, or the first empty period to fill. */
  const focusFirstProblem = () => {
    const [firstFieldError] = Object.keys(validation.fieldErrors);
    if (firstFieldError) {
      nameInputs.current.get(firstFieldError)?.focus();
      return;
    }
    const index = [...validation.duplicateRows][0] ?? periodsWithInputs().find((i) => nameInput(i)?.value.trim() === "");
    if (index !== undefined) nameInput(index)?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (validation.message) {
      setFailedSaves((n) => n + 1);
      focusFirstProblem();
      return;
    }
    save.mutate(
      { mode, userClasses: validation.userClasses },
      {
        onSuccess: () => {
          if (mode === "create") clearClassSetupDraft(user.id);
          showToast({
            title: "Success!",
            description: `Your classes have been ${mode === "create" ? "saved" : "updated"} successfully.`,
            variant: "success",
            id: CLASS_SAVE_TOAST,
          });
          // On to the School Day step (skippable).
          onSaved();
        },
        onError: (error) => {
          // An expired session sends the student to sign in (lib/api/transport.ts); a first setup's draft is
          // already in storage and comes back then, an edit keeps none (docs/decisions/060).
          const description = !isSessionExpired(error)
            ? errorMessage(error)
            : mode === "create"
              ? "Session expired. Your classes are kept: sign in again to save them."
              : "Session expired. Please sign in again and save your changes.";
          showToast({ title: "Error", description, variant: "destructive", id: CLASS_SAVE_TOAST });
        },
      },
    );
  };

  const message = showErrors ? validation.message : null;
  const title = mode === "create" ? "Complete Your Setup" : "Edit Classes";

  return (
    <>
      <DialogHeader className="border-b p-4 sm:px-6">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          {mode === "create"
            ? "Add your classes in period order, starting with 1st period. They become the subjects of your tasks."
            : "Change your classes in period order, starting with 1st period."}
        </DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
        <div ref={scrollArea} className="grid min-h-0 flex-1 gap-3 overflow-y-auto overscroll-contain p-4 sm:px-6">
          {rows.map((_, index) => (
            <PeriodFieldset
              key={index}
              rows={rows}
              index={index}
              update={update}
              onRemove={() => {
                update((current) => removePeriod(current, index));
                focusAfterChange.current = index;
              }}
              fieldErrors={showErrors ? rowFieldErrors(validation.fieldErrors, index) : {}}
              duplicate={showErrors && validation.duplicateRows.has(index)}
              formMessageId={formMessageId}
              registerInput={(field, element) => {
                if (element) nameInputs.current.set(`${index}.${field}`, element);
                else nameInputs.current.delete(`${index}.${field}`);
              }}
              onEnterPastLastField={() => focusAfter(index)}
              explainedToggle={explained?.index === index ? explained.toggle : null}
              onExplain={(toggle) => setExplained({ index, toggle })}
            />
          ))}
          {canAddPeriod(rows) && (
            <Button
              ref={addButton}
              variant="outline"
              className="h-11 border-dashed"
              onClick={() => {
                update(addPeriod);
                focusAfterChange.current = rows.length;
              }}
            >
              <PlusIcon aria-hidden="true" /> Add Another Class
            </Button>
          )}
          <p className="text-sm text-muted-foreground">
            Empty periods are skipped and the classes after them move up. For a free period, type a name such as “Study Hall”.
          </p>
        </div>
        <div className="grid gap-3 border-t bg-card p-4 sm:px-6">
          <p key={failedSaves} id={formMessageId} role="alert" className={message ? "text-sm font-medium text-destructive" : "sr-only"}>
            {message}
          </p>
          {/* Side by side even on a phone: the sticky footer keeps most of the screen for the periods. */}
          <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
            <Button variant="outline" className="h-11 sm:h-10" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <SubmitButton ref={saveButton} className="h-11 sm:h-10" pending={save.isPending} pendingText="Saving...">
              Save Classes
            </SubmitButton>
          </div>
        </div>
      </form>
    </>
  );
}

function rowFieldErrors(fieldErrors: Record<string, string>, index: number): Partial<Record<NameField, string>> {
  return { name: fieldErrors[`${index}.name`], secondName: fieldErrors[`${index}.secondName`] };
}
