import { zodResolver } from "@hookform/resolvers/zod";
import { Trash2Icon } from "lucide-react";
import { useState } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { PRIORITIES, TASK_DESCRIPTION_MAX, TASK_TITLE_MAX, type Task } from "@core/schemas/task";
import { PRIORITY_LABEL } from "@core/tasks";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { DateField } from "@/components/form/date-field";
import { SubjectField } from "@/components/form/subject-field";
import { SubmitButton } from "@/components/form/submit-button";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { isSessionExpired } from "@/lib/api";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { createSubmissionKeys } from "@/lib/idempotency";
import { cn } from "@/lib/cn";
import { useCreateTask } from "@/api/tasks/create-task";
import { useDeleteTask } from "@/api/tasks/delete-task";
import { useUpdateTask } from "@/api/tasks/update-task";
import { fireCompletionConfetti } from "../hooks/confetti";
import { saveTaskDraft } from "../hooks/task-draft";
import { toastTaskError, toastTaskSuccess } from "../hooks/task-toasts";
import {
  EMPTY_TASK_FORM,
  formToRequest,
  taskFormSchema,
  taskToFormValues,
  type TaskFormOutput,
  type TaskFormValues,
} from "./task-form-schema";

const TASK_FORM_FIELDS = Object.keys(EMPTY_TASK_FORM) as (keyof TaskFormValues)[];

export type TaskDialogState = { mode: "create"; values?: TaskFormValues } | { mode: "edit"; task: Task; values?: TaskFormValues };

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
    <Dialog open={state !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="sm:max-w-lg">
        {state && (
          <TaskForm
            key={state.mode === "edit" ? `edit-${state.task.id}` : "create"}
            state={state}
            onClose={onClose}
            mutations={mutations}
            {...rest}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

type TaskMutations = {
  create: ReturnType<typeof useCreateTask>;
  update: ReturnType<typeof useUpdateTask>;
  remove: ReturnType<typeof useDeleteTask>;
};

type TaskFormProps = Omit<TaskFormDialogProps, "state"> & { state: TaskDialogState; mutations: TaskMutations };

function TaskForm({ state, onClose, mutations, userId, userClasses, today }: TaskFormProps) {
  const isEdit = state.mode === "edit";
  const task = isEdit ? state.task : undefined;
  // The inputs hold TaskFormValues; the resolver hands handleSubmit the schema's output
  // (trimmed, blanks as null). The typing stays on the input side because ui/form's FormField
  // does not carry react-hook-form's transformed-values generic.
  // Lives as long as the open form: resubmitting the same values reuses the submission's key.
  const [submissionKeys] = useState(createSubmissionKeys);
  const form = useForm<TaskFormValues>({
    resolver: zodResolver(taskFormSchema) as unknown as Resolver<TaskFormValues>,
    defaultValues: { ...EMPTY_TASK_FORM, ...(task ? taskToFormValues(task) : {}), ...state.values },
  });
  const { create, update, remove } = mutations;
  const saving = create.isPending || update.isPending;
  const busy = saving || remove.isPending;

  function handleError(error: unknown, fallback: "Failed to create task" | "Failed to update task") {
    if (isSessionExpired(error)) {
      saveTaskDraft({ userId, mode: state.mode, taskId: task?.id, values: form.getValues() });
    }
    applyServerFieldErrors(form.setError, error, TASK_FORM_FIELDS);
    toastTaskError(error, fallback, { draftSaved: true });
  }

  const onSubmit = form.handleSubmit((parsed) => {
    const values = parsed as unknown as TaskFormOutput;
    if (task) {
      const completing = values.completed && !task.completed;
      update.mutate(
        { id: task.id, changes: formToRequest(values, "edit") },
        {
          onSuccess: () => {
            if (completing) fireCompletionConfetti();
            toastTaskSuccess("Task updated successfully");
            onClose();
          },
          onError: (error) => handleError(error, "Failed to update task"),
        },
      );
    } else {
      const input = formToRequest(values, "create");
      create.mutate(
        { input, idempotencyKey: submissionKeys.keyFor(input) },
        {
          onSuccess: () => {
            toastTaskSuccess("Task created successfully");
            onClose();
          },
          onError: (error) => handleError(error, "Failed to create task"),
        },
      );
    }
  });

  const hasDueDate = useWatch({ control: form.control, name: "hasDueDate" });

  return (
    <Form {...form}>
      <DialogHeader>
        <DialogTitle>{isEdit ? "Edit Task" : "Add Task"}</DialogTitle>
        <DialogDescription>{isEdit ? "Change the details of this assignment." : "Add an assignment to your to-do list."}</DialogDescription>
      </DialogHeader>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          control={form.control}
          name="title"
          render={({ field }) => (
            <FormItem>
              <FormLabel>
                Task Title<span aria-hidden="true"> *</span>
              </FormLabel>
              <FormControl>
                <Input {...field} placeholder="e.g. Read chapter 5" maxLength={TASK_TITLE_MAX} aria-required="true" autoComplete="off" />
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
              <FormLabel>Description</FormLabel>
              <FormControl>
                <Textarea {...field} placeholder="Add any details (optional)" maxLength={TASK_DESCRIPTION_MAX} rows={3} />
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
              label="Subject"
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
              <FormLabel className="cursor-pointer">Set date and time</FormLabel>
            </FormItem>
          )}
        />
        {hasDueDate && (
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="dueDate"
              render={({ field }) => <DateField label="Due Date" value={field.value} onChange={field.onChange} today={today} />}
            />
            <FormField
              control={form.control}
              name="dueTime"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Due Time (optional)</FormLabel>
                  <FormControl>
                    <Input type="time" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>
        )}
        <FormField
          control={form.control}
          name="priority"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Priority</FormLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger onBlur={field.onBlur} ref={field.ref}>
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  {[...PRIORITIES].reverse().map((p) => (
                    <SelectItem key={p} value={p}>
                      {PRIORITY_LABEL[p]}
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
                <FormLabel className="cursor-pointer">Mark as completed</FormLabel>
              </FormItem>
            )}
          />
        )}
        <DialogFooter className={cn(isEdit && "sm:justify-between")}>
          {task && <DeleteTaskButton task={task} remove={remove} onDeleted={onClose} disabled={saving} />}
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <SubmitButton pending={saving} pendingText={isEdit ? "Updating..." : "Adding..."}>
              {isEdit ? "Update Task" : "Add Task"}
            </SubmitButton>
          </div>
        </DialogFooter>
      </form>
    </Form>
  );
}

type DeleteTaskButtonProps = { task: Task; remove: TaskMutations["remove"]; onDeleted: () => void; disabled: boolean };

function DeleteTaskButton({ task, remove, onDeleted, disabled }: DeleteTaskButtonProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        variant="outline"
        className="border-destructive/40 text-destructive hover:bg-destructive/10 hover:text-destructive"
        onClick={() => setConfirming(true)}
        disabled={disabled || remove.isPending}
      >
        <Trash2Icon aria-hidden="true" />
        Delete
      </Button>
      <AlertDialog open={confirming} onOpenChange={(open) => !remove.isPending && setConfirming(open)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete Task</AlertDialogTitle>
            <AlertDialogDescription>
              Are you sure you want to delete &ldquo;{task.title}&rdquo;? This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() =>
                remove.mutate(task.id, {
                  onSuccess: () => {
                    toastTaskSuccess("Task deleted successfully");
                    setConfirming(false);
                    onDeleted();
                  },
                  onError: (error) => {
                    setConfirming(false);
                    toastTaskError(error, "Failed to delete task", { draftSaved: false });
                  },
                })
              }
            >
              {remove.isPending ? "Deleting..." : "Delete"}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
