import { type FormEvent, useState } from "react";
import type { Translate } from "@core/i18n/translate";
import type { SchoolSchedule } from "@core/school-day";
import type { ScheduleSource } from "@core/schemas/preferences";
import type { SchoolScheduleInput } from "@core/schemas/school-schedule";
import { useSchoolSchedulePublished } from "@/api/school/schedule";
import { usePreferences, useUpdatePreferences } from "@/api/user/preferences";
import { useSaveSchoolSchedule } from "@/api/user/school-schedule";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { errorMessage } from "@/lib/api/errors";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { ScheduleEditor } from "@/components/schedule-editor/schedule-editor";
import { hasSchemaRefusal, useNumberValidity } from "@/components/schedule-editor/use-number-validity";
import { useScheduleEditorForm } from "@/components/schedule-editor/use-schedule-editor-form";
import { ScheduleSourceFieldset } from "./schedule-source-fieldset";
import { StepFooter } from "./step-footer";

const SAVE_TOAST = "school-day-save";

/** "skip" after the classes of a first setup or an edit; "cancel" when opened on its own. */
export type DismissAction = "skip" | "cancel";

export function dismissLabel(t: Translate, dismiss: DismissAction): string {
  return dismiss === "skip" ? t("classes.skip") : t("common.cancel");
}

type SchoolDayStepProps = {
  schedule: SchoolSchedule;
  userClasses: readonly string[];
  /** Closes the editor: after a save, or Skip. */
  onDone: () => void;
  dismiss: DismissAction;
};

/**
 * The class editor's School Day step (docs/product.md#school-day): bell times with a quick fill,
 * which weekdays are school days, an optional rotation anchored to a date, which periods meet on
 * each rotation day, and days off. Checked by the API's own schema before it is sent
 * (schoolDayFormSchema); its messages show under their fields after the first Save, then follow
 * the changes.
 *
 * Once the school has published its schedule (issue 36) the step first asks whose school day to
 * follow: the school's (nothing more to fill in; the student's own stays saved) or their own (the
 * fields below). Save sends the choice explicitly, so saving their own school day never switches
 * a student off the school's schedule by the server's default (decision 112) without them choosing it.
 */
export function SchoolDayStep({ schedule, userClasses, onDone, dismiss }: SchoolDayStepProps) {
  const t = useT();
  const save = useSaveSchoolSchedule();
  const published = useSchoolSchedulePublished();
  const preferences = usePreferences(published);
  const savePreferences = useUpdatePreferences();
  const [chosen, setChosen] = useState<ScheduleSource | null>(null);
  // Offered once both the school's schedule and the student's preferences have been read.
  const source: ScheduleSource | null = published && preferences.data ? (chosen ?? preferences.data.scheduleSource) : null;
  const followsSchool = source === "school";
  const [tried, setTried] = useState(0);
  const validity = useNumberValidity();
  // The student's own mapping: rows from their classes, a rotation chosen from a list, and a
  // rotation day not given its periods meeting none (schedule-values.ts).
  const { form } = useScheduleEditorForm(schedule, {
    classes: userClasses,
    rotationInput: "chosen",
    unsetDayMeets: "no-period",
    recheckWhole: tried > 0,
  });
  // Read on every render, so that the form state follows its errors from the first Save on.
  const refused = hasSchemaRefusal(form.formState.errors);
  const canSave = !refused && !validity.invalid.has("cycleLength");

  const saveChoices = async (body: SchoolScheduleInput | null) => {
    try {
      if (source !== null) await savePreferences.mutateAsync({ scheduleSource: source });
      if (body) await save.mutateAsync(body);
      showToast({ title: t("classes.toast_success"), description: t("classes.school_day_saved"), variant: "success", id: SAVE_TOAST });
      onDone();
    } catch (error) {
      showToast({ title: t("classes.toast_error"), description: errorMessage(error), variant: "destructive", id: SAVE_TOAST });
    }
  };
  const refuse = () => setTried((n) => n + 1);
  const saveOwn = form.handleSubmit((body) => (validity.invalid.has("cycleLength") ? refuse() : saveChoices(body)), refuse);
  const onSubmit = (event: FormEvent) => {
    if (!followsSchool) return void saveOwn(event);
    event.preventDefault();
    void saveChoices(null);
  };

  return (
    <>
      <DialogHeader className="border-b p-4 sm:px-6">
        <DialogTitle>{t("classes.school_day")}</DialogTitle>
        <DialogDescription>{t("classes.school_day_description")}</DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="flex min-h-0 flex-1 flex-col">
          <div className="grid min-h-0 flex-1 content-start gap-6 overflow-y-auto overscroll-contain p-4 sm:px-6">
            {source !== null && <ScheduleSourceFieldset value={source} onChange={setChosen} />}
            {!followsSchool && <ScheduleEditor variant="student" tried={tried} validity={validity} />}
          </div>
          <StepFooter
            message={tried > 0 && !followsSchool && !canSave ? t("classes.fix_highlighted") : null}
            attempt={tried}
            dismissLabel={dismissLabel(t, dismiss)}
            onDismiss={onDone}
            saveLabel={t("classes.save_school_day")}
            pending={save.isPending || savePreferences.isPending}
          />
        </form>
      </Form>
    </>
  );
}
