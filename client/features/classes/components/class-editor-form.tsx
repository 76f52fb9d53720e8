import { PlusIcon } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { FieldErrors } from "react-hook-form";
import type { User } from "@core/api-types";
import type { Translate } from "@core/i18n/translate";
import type { ClassSaveMode } from "@core/schemas/classes";
import { useListField } from "@/components/form/use-list-field";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { Button } from "@/components/ui/button";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { useKeepFocusedFieldVisible } from "@/hooks/use-keep-focused-field-visible";
import { errorMessage, isSessionExpired } from "@/lib/api/errors";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import type { useSaveClasses } from "../api/save-classes";
import { clearClassSetupDraft, readClassSetupDraft, saveClassSetupDraft } from "../hooks/class-setup-draft";
import { usePeriodFocus } from "../hooks/use-period-focus";
import {
  canAddPeriod,
  canRemovePeriod,
  classEditorFieldOf,
  classEditorSchema,
  duplicateRowsOf,
  EMPTY_ROW,
  emptyRows,
  type PeriodRow,
  rowsFromUserClasses,
} from "../utils/class-editor-state";
import { PeriodFieldset } from "./period-fieldset";
import { StepFooter } from "./step-footer";

/** One toast for the outcome of saving classes: a second save replaces the first's instead of queueing. */
const CLASS_SAVE_TOAST = "class-save";

export type ClassEditorFormProps = {
  user: User;
  onClose: () => void;
  save: ReturnType<typeof useSaveClasses>;
  onSaved: () => void;
};

/** A student with no classes sets them up for the first time (POST); anyone else edits them (PUT). */
export function classSaveMode(user: User): ClassSaveMode {
  return user.userClasses.length === 0 ? "create" : "update";
}

/** What the class editor's form holds: one row per period (class-editor-state.ts). */
export type ClassEditorValues = { rows: PeriodRow[] };

/** The first name field a refusal names, as its key ("3.name"), rows in order. */
function firstNameProblem(errors: FieldErrors<ClassEditorValues>): string | null {
  for (const [index, row] of Object.entries(errors.rows ?? {})) {
    if (index === "root" || !row) continue;
    const field = Object.keys(row).find((key) => key === "name" || key === "secondName");
    if (field) return `${index}.${field}`;
  }
  return null;
}

/** The classes step: one fieldset per period, Add, and Save (docs/product.md#class-setup). */
export function ClassEditorForm({ user, onClose, save, onSaved }: ClassEditorFormProps) {
  const t = useT();
  // Fixed while the dialog is open: the first save's answer must not turn the closing
  // "Complete Your Setup" into "Edit Classes".
  const [mode] = useState(() => classSaveMode(user));
  // An edit compares the rows with the saved list, so a class renamed in place takes its grades along (issue 53).
  const [schema] = useState(() => classEditorSchema(mode, mode === "update" ? rowsFromUserClasses(user.userClasses) : []));
  // Messages appear after the first Save, then follow the typing. Each failed Save announces its
  // message again (the alert is re-created), and moves focus to where the fix is needed.
  const [failedSaves, setFailedSaves] = useState(0);
  const showErrors = failedSaves > 0;
  const [defaults] = useState<ClassEditorValues>(() => ({
    rows: mode === "create" ? (readClassSetupDraft(user.id) ?? emptyRows()) : rowsFromUserClasses(user.userClasses),
  }));
  const { form } = useSchemaForm(schema, defaults, { fieldOf: classEditorFieldOf, recheckWhole: showErrors, shouldFocusError: false });
  const { keys, items: rows, append, remove } = useListField(form, "rows");
  /** An unavailable toggle someone tried: its reason is shown until the next change. */
  const [explained, setExplained] = useState<{ index: number; toggle: string } | null>(null);
  /** Only what the student changed is a draft: opening the dialog must not overwrite one. */
  const changedByStudent = useRef(false);
  const { saveButton, addButton, ...focus } = usePeriodFocus(rows);
  const scrollArea = useRef<HTMLDivElement>(null);
  const formMessageId = useId();
  useKeepFocusedFieldVisible(scrollArea);
  // Read on every render, so that the form state follows its errors from the first Save on.
  const formMessage = form.formState.errors.rows?.root?.message ?? null;
  const duplicateRows = useMemo(() => (showErrors ? duplicateRowsOf(rows) : new Set<number>()), [showErrors, rows]);

  useEffect(() => {
    if (mode === "create" && changedByStudent.current) saveClassSetupDraft(user.id, rows);
  }, [mode, rows, user.id]);

  const changed = () => {
    changedByStudent.current = true;
    setExplained(null);
  };
  /** Applies one of class-editor-state's rules: each value it changes is set in the form. */
  const update = (change: (rows: readonly PeriodRow[]) => PeriodRow[]) => {
    changed();
    const current = form.getValues("rows");
    change(current).forEach((row, index) => {
      for (const key of Object.keys(row) as (keyof PeriodRow)[])
        if (row[key] !== current[index]?.[key]) form.setValue(`rows.${index}.${key}`, row[key]);
    });
  };

  const onSubmit = form.handleSubmit(
    (request) =>
      save.mutate(
        { mode, userClasses: request.userClasses },
        {
          onSuccess: () => {
            if (mode === "create") clearClassSetupDraft(user.id);
            showToast({ title: t("classes.toast_success"), description: savedMessage(t, mode), variant: "success", id: CLASS_SAVE_TOAST });
            // On to the School Day step (skippable).
            onSaved();
          },
          onError: (error) => {
            showToast({
              title: t("classes.toast_error"),
              description: saveErrorMessage(t, error, mode),
              variant: "destructive",
              id: CLASS_SAVE_TOAST,
            });
          },
        },
      ),
    (errors) => {
      setFailedSaves((n) => n + 1);
      focus.focusFirstProblem(firstNameProblem(errors), duplicateRowsOf(form.getValues("rows")));
    },
  );

  return (
    <>
      <DialogHeader className="border-b p-4 sm:px-6">
        <DialogTitle>{mode === "create" ? t("classes.complete_setup") : t("classes.edit_classes")}</DialogTitle>
        <DialogDescription>{mode === "create" ? t("classes.setup_description") : t("classes.edit_description")}</DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex min-h-0 flex-1 flex-col">
          <div ref={scrollArea} className="grid min-h-0 flex-1 gap-3 overflow-y-auto overscroll-contain p-4 sm:px-6">
            {rows.map((_, index) => (
              <PeriodFieldset
                key={keys[index] ?? index}
                rows={rows}
                index={index}
                update={update}
                onRemove={() => {
                  if (!canRemovePeriod(form.getValues("rows"), index)) return;
                  changed();
                  remove(index);
                  focus.focusAfterChange(index);
                }}
                duplicate={duplicateRows.has(index)}
                formMessageId={formMessageId}
                registerInput={(field, element) => focus.registerInput(index, field, element)}
                onEnterPastLastField={() => focus.focusAfter(index)}
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
                  changed();
                  append({ ...EMPTY_ROW });
                  focus.focusAfterChange(rows.length);
                }}
              >
                <PlusIcon aria-hidden="true" /> {t("classes.add_another_class")}
              </Button>
            )}
            <p className="text-sm text-muted-foreground">{t("classes.empty_periods_hint")}</p>
          </div>
          <StepFooter
            message={showErrors ? formMessage : null}
            attempt={failedSaves}
            messageId={formMessageId}
            dismissLabel={t("common.cancel")}
            onDismiss={onClose}
            saveLabel={t("classes.save_classes")}
            pending={save.isPending}
            saveRef={saveButton}
          />
        </form>
      </Form>
    </>
  );
}

function savedMessage(t: Translate, mode: ClassSaveMode): string {
  return mode === "create" ? t("classes.classes_saved") : t("classes.classes_updated");
}

/**
 * An expired session sends the student to sign in (lib/api/transport.ts); a first setup's draft is
 * already in storage and comes back then, an edit keeps none (docs/decisions/060).
 */
function saveErrorMessage(t: Translate, error: Error, mode: ClassSaveMode): string {
  if (!isSessionExpired(error)) return errorMessage(error);
  return mode === "create" ? t("classes.session_expired_setup") : t("classes.session_expired_edit");
}
