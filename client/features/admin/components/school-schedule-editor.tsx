import { Clock, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useController, useFieldArray, useWatch } from "react-hook-form";
import { WEEKDAY_NAMES, type WeekdayName } from "@core/day-numbers";
import { weekdayLabel } from "@core/format";
import { todayIn } from "@core/dates";
import type { SchoolSchedule } from "@core/school-day";
import { MAX_ALTERNATES } from "@core/schemas/school-schedule";
import { SubmitButton } from "@/components/form/submit-button";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { serverMessage } from "@/lib/api/errors";
import { useLocale, useT, wordMessage } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { usePublishSchedule } from "../api/school-admin";
import { isAdminLocked } from "../utils/admin-errors";
import { shiftBellTimes } from "../utils/bell-times";
import { alternateIdFor } from "../utils/schedule-document";
import { periodsOf, rotationDaysOf, scheduleFormSchema, type ScheduleValues, valuesFromSchedule } from "../utils/schedule-form";
import { BellRows, BellsByDayEditor, PeriodsByDayEditor } from "./bell-rows";
import { KitTextField, KitDateField } from "./kit-fields";

const localToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * The editor of the school's schedule document: school days, the usual bell times, the alternates,
 * the rotation and days off, published as one (BellScheduleSection holds it). A schema form
 * (decision 128): the document's lists are field arrays, and the API's schema checks the document
 * the editor would publish, its refusals under their fields, the first one also above the button
 * (worded in the app's language, decision 108). Messages are checked again at the next Publish.
 */
export function ScheduleEditor({ initial }: { initial: SchoolSchedule }) {
  const t = useT();
  const publish = usePublishSchedule();
  const { form } = useSchemaForm(scheduleFormSchema, valuesFromSchedule(initial), { reValidateMode: "onSubmit", shouldFocusError: false });
  const { control, setValue, getValues } = form;
  const [today] = useState(localToday);
  const [problem, setProblem] = useState<string | null>(null);
  const days = rotationDaysOf(useWatch({ control, name: "rotation.days" }));
  const bells = useWatch({ control, name: "bellTimes" });
  const periods = periodsOf(bells, useWatch({ control, name: "bellTimesByDay" }));
  const alternates = useFieldArray({ control, name: "alternates" });
  const daysOff = useFieldArray({ control, name: "daysOff" });
  const alternateValues = useWatch({ control, name: "alternates" });
  const dayOffValues = useWatch({ control, name: "daysOff" });

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
      const checked = scheduleFormSchema.safeParse(getValues());
      setProblem(checked.success ? null : wordMessage(checked.error.issues[0]?.message ?? ""));
    },
  );

  // "2 hours later": the usual times moved, each rotation day's too when this alternate has its own.
  const twoHoursLater = (i: number) => {
    setValue(`alternates.${i}.bellTimes`, shiftBellTimes(getValues("bellTimes"), 120));
    if (getValues(`alternates.${i}.bellTimesByDay`) === null) return;
    const usualByDay = getValues("bellTimesByDay");
    for (const d of days) setValue(`alternates.${i}.bellTimesByDay.${d}`, shiftBellTimes(usualByDay?.[d] ?? getValues("bellTimes"), 120));
  };

  return (
    <Form {...form}>
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
        <SchoolDaysField />
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t("admin.rotation")}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <KitTextField name="rotation.days" label={t("admin.rotation_days")} />
            <KitDateField name="rotation.anchorDate" label={t("admin.rotation_anchor_date")} today={today} />
            <KitTextField name="rotation.anchorDay" label={t("admin.rotation_anchor_day")} />
          </div>
        </fieldset>
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">{t("admin.usual_bell_times")}</legend>
          <BellRows path="bellTimes" />
          {days.length > 0 && (
            <>
              <BellsByDayEditor days={days} usualPath="bellTimes" path="bellTimesByDay" />
              <PeriodsByDayEditor days={days} periods={periods} />
            </>
          )}
        </fieldset>
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">{t("admin.alternates")}</legend>
          {alternates.fields.map((field, i) => {
            const name = alternateValues[i]?.name ?? "";
            return (
              <div key={field.id} className="grid gap-3 rounded-md border p-3">
                <div className="flex flex-wrap items-end gap-2">
                  <KitTextField name={`alternates.${i}.name`} label={t("admin.alternate_name")} className="w-56" />
                  <Button type="button" variant="outline" onClick={() => twoHoursLater(i)}>
                    <Clock aria-hidden="true" />
                    {t("admin.two_hours_later")}
                  </Button>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    aria-label={t("admin.remove_alternate", { name })}
                    onClick={() => alternates.remove(i)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
                <BellRows path={`alternates.${i}.bellTimes`} />
                {days.length > 0 && (
                  <BellsByDayEditor days={days} usualPath={`alternates.${i}.bellTimes`} path={`alternates.${i}.bellTimesByDay`} />
                )}
              </div>
            );
          })}
          {alternates.fields.length < MAX_ALTERNATES && (
            <Button
              type="button"
              variant="outline"
              className="justify-self-start"
              onClick={() =>
                alternates.append({
                  id: alternateIdFor(
                    `alternate-${alternateValues.length + 1}`,
                    alternateValues.map((a) => a.id),
                  ),
                  name: t("admin.two_hours_later"),
                  bellTimes: shiftBellTimes(getValues("bellTimes"), 120),
                  bellTimesByDay: null,
                })
              }
            >
              <Plus aria-hidden="true" />
              {t("admin.add_alternate")}
            </Button>
          )}
        </fieldset>
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{t("admin.days_off")}</legend>
          {daysOff.fields.map((field, i) => (
            <div key={field.id} className="grid items-start gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1fr_1fr_auto]">
              {/* A new day off ends the day it starts unless its end is set. */}
              <KitDateField
                name={`daysOff.${i}.from`}
                label={t("admin.day_off_from")}
                today={today}
                onValueChange={(from) => {
                  if (!getValues(`daysOff.${i}.to`)) setValue(`daysOff.${i}.to`, from);
                }}
              />
              <KitDateField name={`daysOff.${i}.to`} label={t("admin.day_off_to")} today={today} />
              <KitTextField name={`daysOff.${i}.label`} label={t("admin.day_off_label")} />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="self-end"
                aria-label={t("admin.remove_day_off", { label: dayOffValues[i]?.label ?? "" })}
                onClick={() => daysOff.remove(i)}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ))}
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={() => daysOff.append({ from: "", to: "", label: "" })}
          >
            <Plus aria-hidden="true" />
            {t("admin.add_day_off")}
          </Button>
        </fieldset>
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

/** Which weekdays are school days: one pressed button per weekday. */
function SchoolDaysField() {
  const t = useT();
  const locale = useLocale();
  const { field } = useController<ScheduleValues, "schoolDays">({ name: "schoolDays" });
  const schoolDays: WeekdayName[] = field.value;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t("admin.school_days")}</legend>
      <div className="flex flex-wrap gap-1">
        {WEEKDAY_NAMES.map((day, index) => {
          const on = schoolDays.includes(day);
          return (
            <Button
              key={day}
              type="button"
              size="sm"
              variant={on ? "default" : "outline"}
              aria-pressed={on}
              onClick={() => field.onChange(on ? schoolDays.filter((d) => d !== day) : [...schoolDays, day])}
            >
              {weekdayLabel(index, locale)}
            </Button>
          );
        })}
      </div>
    </fieldset>
  );
}
