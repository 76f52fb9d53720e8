import { useState } from "react";
import { useForm } from "react-hook-form";
import { EVENT_TYPE_LABELS } from "@core/calendar/entries";
import { EVENT_DESCRIPTION_MAX, EVENT_TITLE_MAX, EVENT_TYPES, type EventType } from "@core/schemas/event";
import type { SchoolEvent } from "@core/schemas/school";
import { type AlternateBellSchedule, alternateName, type SchoolSchedule } from "@core/school-day";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { DateField } from "@/components/form/date-field";
import { FormDialogFooter, FormDialogHeader } from "@/components/form/form-dialog";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { serverMessage } from "@/lib/api/errors";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useSaveSchoolEvent } from "../api/school-admin";
import { isAdminLocked } from "../utils/admin-errors";
import { alternateForEventType } from "../utils/bell-times";

/** The select's value for "no alternate": Radix's select holds no empty value. */
const USUAL = "usual";

type EventValues = {
  title: string;
  description: string;
  date: string;
  endDate: string;
  time: string;
  eventType: EventType;
  alternateId: string;
  notify: boolean;
};
const FIELDS = ["title", "description", "date", "endDate", "time", "eventType", "alternateId", "notify"] as const;

type EventFormProps = {
  event: SchoolEvent | null;
  today: string;
  /** The published schedule's usual times, against which a delay's alternate is found. */
  usual: Pick<SchoolSchedule, "bellTimes" | "bellTimesByDay">;
  alternates: readonly AlternateBellSchedule[];
  onSaving: (saving: boolean) => void;
  onDone: () => void;
};

export function SchoolEventForm({ event, today, usual, alternates, onSaving, onDone }: EventFormProps) {
  const t = useT();
  const save = useSaveSchoolEvent();
  // The alternate the event type chose by itself, said under the bell schedule (issue 49).
  const [picked, setPicked] = useState<string | null>(null);
  // A delay about to be saved on the usual bell times: asked first.
  const [askUsual, setAskUsual] = useState<EventValues | null>(null);
  const form = useForm<EventValues>({
    defaultValues: {
      title: event?.title ?? "",
      description: event?.description ?? "",
      date: event?.date ?? today,
      endDate: event?.endDate ?? "",
      time: event?.time ?? "",
      eventType: (event?.eventType as EventType | undefined) ?? "custom",
      alternateId: event?.alternateId ?? USUAL,
      notify: false,
    },
  });

  const submit = form.handleSubmit((values) => {
    if (values.eventType === "delay" && values.alternateId === USUAL && alternates.length > 0) setAskUsual(values);
    else send(values);
  });

  function send(values: EventValues) {
    onSaving(true);
    save.mutate(
      {
        id: event?.id ?? null,
        input: {
          title: values.title.trim(),
          description: values.description.trim() || null,
          date: values.date,
          endDate: values.endDate || null,
          time: values.time || null,
          eventType: values.eventType,
          alternateId: values.alternateId === USUAL ? null : values.alternateId,
          notify: values.notify,
        },
      },
      {
        onSuccess: () => {
          showToast({ title: t("admin.event_saved"), variant: "success" });
          onDone();
        },
        onError: (error) => {
          if (isAdminLocked(error)) return;
          form.clearErrors();
          applyServerFieldErrors(form.setError, error, FIELDS);
          showToast({ title: t("admin.event_not_saved"), description: serverMessage(error) ?? undefined, variant: "destructive" });
        },
        onSettled: () => onSaving(false),
      },
    );
  }

  const title = event ? t("admin.edit_school_event") : t("admin.add_school_event");
  const input = (name: "title" | "time", label: string, type: string, max?: number) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input
              {...field}
              type={type}
              maxLength={max}
              onChange={(e) => {
                form.clearErrors(name);
                field.onChange(e.target.value);
              }}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );

  const select = (
    name: "eventType" | "alternateId",
    label: string,
    options: readonly { value: string; label: string }[],
    chosen: (value: string) => void,
  ) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <Select
            value={field.value}
            onValueChange={(value) => {
              field.onChange(value);
              chosen(value);
            }}
          >
            <FormControl>
              <SelectTrigger className="w-full">
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="grid gap-4">
        <FormDialogHeader title={title} description={t("admin.school_description")} />
        {input("title", t("admin.event_title"), "text", EVENT_TITLE_MAX)}
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="date"
            render={({ field }) => (
              <DateField
                label={t("admin.event_date")}
                value={field.value}
                onChange={(date) => {
                  form.clearErrors("date");
                  field.onChange(date);
                }}
                today={today}
              />
            )}
          />
          <FormField
            control={form.control}
            name="endDate"
            render={({ field }) => (
              <div className="grid gap-1">
                <DateField
                  label={t("admin.event_end_date")}
                  value={field.value}
                  onChange={(date) => {
                    form.clearErrors("endDate");
                    field.onChange(date);
                  }}
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
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {input("time", t("admin.event_time"), "time")}
          {select(
            "eventType",
            t("admin.event_type"),
            EVENT_TYPES.map((type) => ({ value: type, label: t(EVENT_TYPE_LABELS[type]) })),
            (type) => {
              // A delay follows the school's delay schedule, an early dismissal its early one, when there is one.
              const alternate = alternateForEventType(type, usual, alternates);
              if (alternate) form.setValue("alternateId", alternate.id);
              setPicked(alternate ? alternateName(alternate.name, t) : null);
            },
          )}
        </div>
        {alternates.length > 0 && (
          <div className="grid gap-1">
            {select(
              "alternateId",
              t("admin.event_bell_schedule"),
              [
                { value: USUAL, label: t("admin.usual_bell_schedule") },
                ...alternates.map((a) => ({ value: a.id, label: alternateName(a.name, t) })),
              ],
              () => setPicked(null),
            )}
            <p role="status" className="text-sm text-muted-foreground">
              {picked && t("admin.event_alternate_picked", { name: picked })}
            </p>
          </div>
        )}
        <FormField
          control={form.control}
          name="description"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t("admin.event_description")}</FormLabel>
              <FormControl>
                <Textarea {...field} rows={2} maxLength={EVENT_DESCRIPTION_MAX} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
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
        description={t("admin.delay_usual_text", { title: askUsual?.title.trim() ?? "" })}
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
