import { useState } from "react";
import type { SchoolEvent, SchoolEventData } from "@core/schemas/school";
import { type AlternateBellSchedule, alternateName, type SchoolSchedule } from "@core/school-day";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { EventFields } from "@/components/event-form/event-fields";
import { DateField } from "@/components/form/date-field";
import { FormDialogFooter, FormDialogHeader } from "@/components/form/form-dialog";
import { useSchemaForm } from "@/components/form/use-schema-form";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { serverMessage } from "@/lib/api/errors";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useSaveSchoolEvent } from "../api/school-admin";
import { isAdminLocked } from "../utils/admin-errors";
import { alternateForEventType } from "../utils/bell-times";
import { SCHOOL_EVENT_FIELDS, schoolEventFormSchema, schoolEventFormValues, USUAL_BELL_SCHEDULE } from "../utils/school-event-form-schema";

type EventFormProps = {
  event: SchoolEvent | null;
  today: string;
  /** The published schedule's usual times, against which a delay's alternate is found. */
  usual: Pick<SchoolSchedule, "bellTimes" | "bellTimesByDay">;
  alternates: readonly AlternateBellSchedule[];
  onSaving: (saving: boolean) => void;
  onDone: () => void;
};

/**
 * Add Event and Edit Event of the school's events (decision 112): the one event form
 * (components/event-form), checked by the API's schema before it is sent, with staff's own fields:
 * the end date, the bell schedule and "Send as an announcement".
 */
export function SchoolEventForm({ event, today, usual, alternates, onSaving, onDone }: EventFormProps) {
  const t = useT();
  const save = useSaveSchoolEvent();
  // The alternate the event type chose by itself, said under the bell schedule (issue 49).
  const [picked, setPicked] = useState<string | null>(null);
  // A delay about to be saved on the usual bell times: asked first.
  const [askUsual, setAskUsual] = useState<SchoolEventData | null>(null);
  const { form } = useSchemaForm(schoolEventFormSchema, schoolEventFormValues(event, today));

  const submit = form.handleSubmit((input) => {
    if (input.eventType === "delay" && input.alternateId === null && alternates.length > 0) setAskUsual(input);
    else send(input);
  });

  function send(input: SchoolEventData) {
    onSaving(true);
    save.mutate(
      { id: event?.id ?? null, input },
      {
        onSuccess: () => {
          showToast({ title: t("admin.event_saved"), variant: "success" });
          onDone();
        },
        onError: (error) => {
          if (isAdminLocked(error)) return;
          form.clearErrors();
          applyServerFieldErrors(form.setError, error, SCHOOL_EVENT_FIELDS);
          showToast({ title: t("admin.event_not_saved"), description: serverMessage(error) ?? undefined, variant: "destructive" });
        },
        onSettled: () => onSaving(false),
      },
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormDialogHeader
          title={t(event ? "admin.edit_school_event" : "admin.add_school_event")}
          description={t("admin.school_description")}
        />
        <EventFields
          form={form}
          labels={{
            title: t("admin.event_title"),
            description: t("admin.event_description"),
            date: t("admin.event_date"),
            time: t("admin.event_time"),
            type: t("admin.event_type"),
          }}
          today={today}
          typePicker="menu"
          onTypeChange={(type) => {
            // A delay follows the school's delay schedule, an early dismissal its early one, when there is one.
            const alternate = alternateForEventType(type, usual, alternates);
            if (alternate) form.setValue("alternateId", alternate.id);
            setPicked(alternate ? alternateName(alternate.name, t) : null);
          }}
          besideDate={
            <FormField
              control={form.control}
              name="endDate"
              render={({ field }) => (
                <div className="grid gap-1">
                  <DateField
                    label={t("admin.event_end_date")}
                    value={field.value}
                    onChange={field.onChange}
                    today={today}
                    placeholder={t("admin.event_no_end_date")}
                  />
                  {field.value && (
                    <Button variant="link" size="sm" className="h-auto justify-self-start p-0" onClick={() => field.onChange("")}>
                      {t("admin.event_clear_end_date")}
                    </Button>
                  )}
                </div>
              )}
            />
          }
        />
        {alternates.length > 0 && (
          <div className="grid gap-1">
            <FormField
              control={form.control}
              name="alternateId"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t("admin.event_bell_schedule")}</FormLabel>
                  <Select
                    value={field.value}
                    onValueChange={(value) => {
                      field.onChange(value);
                      setPicked(null);
                    }}
                  >
                    <FormControl>
                      <SelectTrigger className="w-full">
                        <SelectValue />
                      </SelectTrigger>
                    </FormControl>
                    <SelectContent>
                      <SelectItem value={USUAL_BELL_SCHEDULE}>{t("admin.usual_bell_schedule")}</SelectItem>
                      {alternates.map((a) => (
                        <SelectItem key={a.id} value={a.id}>
                          {alternateName(a.name, t)}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                  <FormMessage />
                </FormItem>
              )}
            />
            <p role="status" className="text-sm text-muted-foreground">
              {picked && t("admin.event_alternate_picked", { name: picked })}
            </p>
          </div>
        )}
        <FormField
          control={form.control}
          name="notify"
          render={({ field }) => (
            <FormItem className="gap-1">
              <div className="flex flex-row items-center gap-2">
                <FormControl>
                  <Checkbox checked={field.value} onCheckedChange={(checked) => field.onChange(checked === true)} />
                </FormControl>
                <FormLabel className="font-normal">{t("admin.event_notify")}</FormLabel>
              </div>
              <FormDescription className="ps-6">{t("admin.event_notify_hint")}</FormDescription>
            </FormItem>
          )}
        />
        <FormDialogFooter
          onCancel={onDone}
          busy={save.isPending}
          saving={save.isPending}
          submitText={t("admin.save_event")}
          pendingText={t("common.saving")}
        />
      </form>
      <ConfirmDialog
        open={askUsual !== null}
        onOpenChange={(open) => !open && setAskUsual(null)}
        title={t("admin.delay_usual_title")}
        description={t("admin.delay_usual_text", { title: askUsual?.title ?? "" })}
        confirmText={t("admin.save_anyway")}
        pendingText={t("common.saving")}
        pending={save.isPending}
        onConfirm={() => {
          if (askUsual) send(askUsual);
          setAskUsual(null);
        }}
      />
    </Form>
  );
}
