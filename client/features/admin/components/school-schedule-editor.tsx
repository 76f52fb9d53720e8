import { useState } from "react";
import type { SchoolSchedule } from "@core/school-day";
import { SubmitButton } from "@/components/form/submit-button";
import { ScheduleEditor as ScheduleEditorFields } from "@/components/schedule-editor/schedule-editor";
import { useScheduleEditorForm } from "@/components/schedule-editor/use-schedule-editor-form";
import { Form } from "@/components/ui/form";
import { serverMessage } from "@/lib/api/errors";
import { useT, wordMessage } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { usePublishSchedule } from "../api/school-admin";
import { isAdminLocked } from "../utils/admin-errors";

/**
 * Staff's frame around the one schedule editor (components/schedule-editor): the school's schedule
 * document published as one (BellScheduleSection holds it). The API's schema checks the document
 * the editor would publish, its refusals under their fields, the first one also above the button
 * (worded in the app's language, decision 108). Messages are checked again at the next Publish.
 */
export function ScheduleEditor({ initial }: { initial: SchoolSchedule }) {
  const t = useT();
  const publish = usePublishSchedule();
  // Staff's own mapping: free rows, typed rotation days, and a rotation day not given its periods meeting every period.
  const { form, schema } = useScheduleEditorForm(initial, { rotationInput: "typed", unsetDayMeets: "every-period" });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = form.handleSubmit(
    (document) => {
      setProblem(null);
      publish.mutate(document, {
        onSuccess: () => showToast({ title: t("admin.schedule_published"), variant: "success" }),
        onError: (error) => {
          if (isAdminLocked(error)) return;
          setProblem(serverMessage(error));
          showToast({ title: t("admin.schedule_not_published"), description: serverMessage(error) ?? undefined, variant: "destructive" });
        },
      });
    },
    () => {
      // The first refusal, in the schema's order, also above the button.
      const checked = schema.safeParse(form.getValues());
      setProblem(checked.success ? null : wordMessage(checked.error.issues[0]?.message ?? ""));
    },
  );

  return (
    <Form {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
        <ScheduleEditorFields variant="staff" />
        {problem && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {problem}
          </p>
        )}
        <SubmitButton pending={publish.isPending} pendingText={t("admin.publishing")} className="justify-self-start">
          {t("admin.publish_schedule")}
        </SubmitButton>
      </form>
    </Form>
  );
}
