import { type FormEvent, useMemo, useState } from "react";
import type { Translate } from "@core/i18n/translate";
import type { SchoolSchedule } from "@core/school-day";
import type { ScheduleSource } from "@core/schemas/preferences";
import { schoolScheduleSchema } from "@core/schemas/school-schedule";
import { useSchoolSchedulePublished } from "@/api/school/schedule";
import { usePreferences, useUpdatePreferences } from "@/api/user/preferences";
import { useSaveSchoolSchedule } from "@/api/user/school-schedule";
import { DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { errorMessage } from "@/lib/api/errors";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useFieldMessages } from "../hooks/use-field-messages";
import { QUICK_FILL_FIELDS, useNumberValidity } from "../hooks/use-number-validity";
import {
  DEFAULT_QUICK_FILL,
  fieldMessagesOf,
  formFromSchedule,
  type QuickFill,
  quickFill,
  type SchoolDayFormState,
  scheduleFromForm,
} from "../utils/school-day-form";
import { BellTimesFieldset } from "./bell-times-fieldset";
import { DaysOffFieldset } from "./days-off-fieldset";
import { RotationFieldset } from "./rotation-fieldset";
import { ScheduleSourceFieldset } from "./schedule-source-fieldset";
import { SchoolDaysFieldset } from "./school-days-fieldset";
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

const NO_MESSAGES: ReadonlyMap<string, string> = new Map();

/**
 * The class editor's School Day step (docs/product.md#school-day): bell times with a quick fill,
 * which weekdays are school days, an optional rotation anchored to a date, which periods meet on
 * each rotation day, and days off. Checked by the API's own schema before it is sent; its messages
 * show under their fields after the first Save, then follow the changes.
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
  const [state, setState] = useState<SchoolDayFormState>(() => formFromSchedule(schedule, userClasses));
  const [fill, setFill] = useState<QuickFill>(DEFAULT_QUICK_FILL);
  const [tried, setTried] = useState(0);
  const [fillTried, setFillTried] = useState(0);
  const validity = useNumberValidity();
  const set = (change: Partial<SchoolDayFormState>) => setState((s) => ({ ...s, ...change }));

  const check = useMemo(() => schoolScheduleSchema.safeParse(scheduleFromForm(state)), [state]);
  const messages = useMemo(
    () => (tried > 0 && !check.success ? fieldMessagesOf(state, check.error.issues) : NO_MESSAGES),
    [tried, check, state],
  );
  const form = useFieldMessages(messages);
  const canSave = check.success && !validity.invalid.has("cycleLength");

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!followsSchool && !canSave) {
      setTried((n) => n + 1);
      return;
    }
    try {
      if (source !== null) await savePreferences.mutateAsync({ scheduleSource: source });
      if (!followsSchool) await save.mutateAsync(scheduleFromForm(state));
      showToast({ title: t("classes.toast_success"), description: t("classes.school_day_saved"), variant: "success", id: SAVE_TOAST });
      onDone();
    } catch (error) {
      showToast({ title: t("classes.toast_error"), description: errorMessage(error), variant: "destructive", id: SAVE_TOAST });
    }
  };

  const fillBellTimes = () => {
    if (QUICK_FILL_FIELDS.some((name) => validity.invalid.has(name))) {
      setFillTried((n) => n + 1);
      return;
    }
    set({ bells: quickFill(state.bells, fill) });
  };

  return (
    <>
      <DialogHeader className="border-b p-4 sm:px-6">
        <DialogTitle>{t("classes.school_day")}</DialogTitle>
        <DialogDescription>{t("classes.school_day_description")}</DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex min-h-0 flex-1 flex-col">
          <div className="grid min-h-0 flex-1 content-start gap-6 overflow-y-auto overscroll-contain p-4 sm:px-6">
            {source !== null && <ScheduleSourceFieldset value={source} onChange={setChosen} />}
            {!followsSchool && (
              <>
                <BellTimesFieldset
                  bells={state.bells}
                  setBell={(index, field, value) => set({ bells: state.bells.map((b, i) => (i === index ? { ...b, [field]: value } : b)) })}
                  fill={fill}
                  setFill={setFill}
                  onFill={fillBellTimes}
                  fillTried={fillTried}
                  validity={validity}
                />
                <SchoolDaysFieldset schoolDays={state.schoolDays} onChange={(schoolDays) => set({ schoolDays })} />
                <RotationFieldset state={state} set={set} tried={tried} validity={validity} />
                <DaysOffFieldset daysOff={state.daysOff} onChange={(daysOff) => set({ daysOff })} />
              </>
            )}
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
