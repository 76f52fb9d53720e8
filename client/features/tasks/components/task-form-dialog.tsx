import { useWatch } from "react-hook-form";
import { PRIORITIES, TASK_DESCRIPTION_MAX, TASK_TITLE_MAX } from "@core/schemas/task";
import { clockHour } from "@core/format";
import { END_OF_DAY_TIME, formatDueTime, PRIORITY_LABEL } from "@core/tasks";
import { newTemporaryId, useCreateTask } from "@/api/tasks/create-task";
import { useWhenQueued } from "@/hooks/use-when-queued";
import { useDeleteTask } from "@/api/tasks/delete-task";
import { useUpdateTask } from "@/api/tasks/update-task";
import { DateField } from "@/components/form/date-field";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { EstimateField } from "./estimate-field";
import { FormDialog, FormDialogFooter, FormDialogHeader, useSubmissionKeys } from "@/components/form/form-dialog";
import { ReminderField } from "@/components/form/reminder-field";
import { SubjectField } from "@/components/form/subject-field";
import { Checkbox } from "@/components/ui/checkbox";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { useLocale, useT } from "@/lib/i18n";
import { reportFailedSave } from "@/lib/save-feedback";
import { fireCompletionConfetti } from "../hooks/confetti";
import { saveTaskDraft } from "../hooks/task-draft";
import { toastTaskError, toastTaskSuccess } from "../hooks/task-toasts";
import type { TaskDialogState } from "../types/task-dialog";
import { EMPTY_TASK_FORM, formToRequest, taskFormSchema, taskToFormValues, type TaskFormValues } from "../utils/task-form-schema";
import { AddGradeLink } from "@/components/add-grade-link";
import { DeleteTaskButton } from "./delete-task-button";

const TASK_FORM_FIELDS = Object.keys(EMPTY_TASK_FORM) as (keyof TaskFormValues)[];

export type TaskFormDialogProps = {
  /** null = closed. */
  state: TaskDialogState | null;
  onClose: () => void;
  userId: number;
  userClasses: readonly string[] | null | undefined;
  /** The school's today (yyyy-MM-dd): the date picker's "today" and the default due date. */
  today: string;
};

/**
 * The Add Task and Edit Task dialogs (docs/product.md#task-dialog). While a save or delete is on its way the dialog
 * stays open (Escape, the close button and clicks outside do nothing): its outcome, the toast,
 * and on session expiry the saved draft, belong to the open form.
 */
export function TaskFormDialog({ state, onClose, ...rest }: TaskFormDialogProps) {
  // The mutations live here, not in the keyed form, so the dialog itself knows when it is busy.
  const mutations: TaskMutations = { create: useCreateTask(), update: useUpdateTask(), remove: useDeleteTask() };
  const busy = mutations.create.isPending || mutations.update.isPending || mutations.remove.isPending;
  return (
    <FormDialog formKey={state?.mode === "edit" ? `edit-${state.task.id}` : "create"} busy={busy} onClose={onClose} className="sm:max-w-lg">
      {state && <TaskForm state={state} onClose={onClose} mutations={mutations} {...rest} />}
    </FormDialog>
  );
}

type TaskMutations = {
  create: ReturnType<typeof useCreateTask>;
  update: ReturnType<typeof useUpdateTask>;
  remove: ReturnType<typeof useDeleteTask>;
};

type TaskFormProps = Omit<TaskFormDialogProps, "state"> & { state: TaskDialogState; mutations: TaskMutations };

function TaskForm({ state, onClose, mutations, userId, userClasses, today }: TaskFormProps) {
  const t = useT();
  const locale = useLocale();
  const isEdit = state.mode === "edit";
  const task = isEdit ? state.task : undefined;
  const submissionKeys = useSubmissionKeys();
  const { form } = useSchemaForm(taskFormSchema, {
    ...EMPTY_TASK_FORM,
    ...(task ? taskToFormValues(task) : {}),
    ...state.values,
  });
  const { create, update, remove } = mutations;
  const saving = create.isPending || update.isPending;
  useWhenQueued(create, onClose);
  useWhenQueued(update, onClose);
  const busy = saving || remove.isPending;

  function handleError(error: unknown, fallback: "tasks.create_failed" | "tasks.update_failed") {
    reportFailedSave(error, {
      setError: form.setError,
      fields: TASK_FORM_FIELDS,
      keepDraft: () => saveTaskDraft({ userId, mode: state.mode, taskId: task?.id, values: form.getValues() }),
      toast: () => toastTaskError(error, fallback),
    });
  }

  const onSubmit = form.handleSubmit((values) => {
    if (task) {
      const completing = values.completed && !task.completed;
      update.mutate(
        { id: task.id, changes: formToRequest(values, "edit") },
        {
          onSuccess: () => {
            if (completing) fireCompletionConfetti();
            toastTaskSuccess("tasks.updated");
            onClose();
          },
          onError: (error) => handleError(error, "tasks.update_failed"),
        },
      );
    } else {
      const input = formToRequest(values, "create");
      create.mutate(
        { input, idempotencyKey: submissionKeys.keyFor(input), temporaryId: newTemporaryId() },
        {
          onSuccess: () => {
            toastTaskSuccess("tasks.created");
            onClose();
          },
          onError: (error) => handleError(error, "tasks.create_failed"),
        },
      );
    }
  });

  const hasDueDate = useWatch({ control: form.control, name: "hasDueDate" });

  return (
    <Form {...form}>
      <FormDialogHeader
        title={t(isEdit ? "tasks.edit_task" : "tasks.add_task")}
        description={t(isEdit ? "tasks.edit_task_description" : "tasks.add_task_description")}
      />
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          control={form.control}
          name="title"
          render={({ field }) => (
            <FormItem>
              <FormLabel>
                {t("tasks.title_label")}
                <span aria-hidden="true"> *</span>
              </FormLabel>
              <FormControl>
                <Input
                  {...field}
                  placeholder={t("tasks.title_placeholder")}
                  maxLength={TASK_TITLE_MAX}
                  aria-required="true"
                  autoComplete="off"
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("tasks.description_label")}</FormLabel>
              <FormControl>
                <Textarea {...field} placeholder={t("tasks.description_placeholder")} maxLength={TASK_DESCRIPTION_MAX} rows={3} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="subject"
          render={({ field }) => (
            <SubjectField
              label={t("tasks.subject_label")}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              selectRef={field.ref}
              userClasses={userClasses}
            />
          )}
        />
        <FormField
          control={form.control}
          name="hasDueDate"
          render={({ field }) => (
            <FormItem className="flex items-center gap-3">
              <FormControl>
                <Switch
                  checked={field.value}
                  onCheckedChange={(on) => {
                    field.onChange(on);
                    // Turning the switch on starts from the school's today, so a date is always set.
                    if (on && !form.getValues("dueDate")) form.setValue("dueDate", today);
                  }}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              </FormControl>
              <FormLabel className="cursor-pointer">{t("tasks.set_date_and_time")}</FormLabel>
            </FormItem>
          )}
        />
        {hasDueDate && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="dueDate"
              render={({ field }) => (
                <DateField label={t("tasks.due_date_label")} value={field.value} onChange={field.onChange} today={today} />
              )}
            />
            <FormField
              control={form.control}
              name="dueTime"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("tasks.due_time_label")}</FormLabel>
                  <FormControl>
                    <Input type="time" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="reminder"
              render={({ field }) => (
                <div className="sm:col-span-2">
                  <ReminderField
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    selectRef={field.ref}
                    atTimeLabel={t("tasks.reminder_at_due_time")}
                    hint={t("tasks.reminder_hint", { time: formatDueTime({ dueTime: null }, locale), hour: clockHour(END_OF_DAY_TIME) })}
                  />
                </div>
              )}
            />
          </div>
        )}
        <EstimateField control={form.control} />
        <FormField
          control={form.control}
          name="priority"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("tasks.priority_label")}</FormLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {[...PRIORITIES].reverse().map((p) => (
                    <SelectItem key={p} value={p}>
                      {t(PRIORITY_LABEL[p])}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        {isEdit && (
          <FormField
            control={form.control}
            name="completed"
            render={({ field }) => (
              <FormItem className="flex items-center gap-3">
                <FormControl>
                  <Checkbox
                    checked={field.value}
                    onCheckedChange={(c) => field.onChange(c === true)}
                    onBlur={field.onBlur}
                    ref={field.ref}
                  />
                </FormControl>
                <FormLabel className="cursor-pointer">{t("tasks.mark_as_completed")}</FormLabel>
              </FormItem>
            )}
          />
        )}
        {task?.completed && (
          <AddGradeLink title={task.title} subject={task.subject} date={task.dueDate ?? today} userClasses={userClasses ?? []} />
        )}
        <FormDialogFooter
          onCancel={onClose}
          busy={busy}
          saving={saving}
          submitText={t(isEdit ? "tasks.update_task" : "tasks.add_task")}
          pendingText={t(isEdit ? "tasks.updating" : "common.adding")}
          start={task && <DeleteTaskButton task={task} remove={remove} onDeleted={onClose} disabled={saving} />}
        />
      </form>
    </Form>
  );
}
