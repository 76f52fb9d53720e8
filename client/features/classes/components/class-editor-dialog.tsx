import { useState } from "react";
import type { User } from "@core/api-types";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import type { ClassEditorStart } from "@/lib/routes";
import { useSaveClasses } from "../api/save-classes";
import { ClassEditorForm, type ClassEditorFormProps } from "./class-editor-form";
import { SchoolDayLoader } from "./school-day-loader";

type ClassEditorDialogProps = {
  user: User;
  open: boolean;
  onClose: () => void;
  /** Open on the School Day step (Settings → School Day) instead of the classes. */
  startAt?: ClassEditorStart;
};

const currentTab = () => document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');

/**
 * The class editor (docs/product.md#class-setup): "Complete Your Setup" on the first run, "Edit
 * Classes" afterwards, then the School Day step. The rows and their rules are in
 * class-editor-state.ts, the form in class-editor-form.tsx; this is the dialog around them. While a
 * save is on its way the dialog stays open.
 */
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
function ClassEditorStarts({ startAt, ...props }: Omit<ClassEditorFormProps, "onSaved"> & { startAt: ClassEditorStart }) {
  const [step, setStep] = useState<ClassEditorStart>(startAt);
  if (step === "classes") return <ClassEditorForm {...props} onSaved={() => setStep("school-day")} />;
  return <SchoolDayLoader user={props.user} onDone={props.onClose} dismiss={startAt === "classes" ? "skip" : "cancel"} />;
}
