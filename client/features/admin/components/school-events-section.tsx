import { CalendarDays, Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { EVENT_TYPE_LABELS } from "@core/calendar/entries";
import { addDaysToDate, todayIn } from "@core/dates";
import { formatShortDate, formatTime12 } from "@core/format";
import type { EventType } from "@core/schemas/event";
import type { SchoolEvent } from "@core/schemas/school";
import { alternateName } from "@core/school-day";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { FormDialog } from "@/components/form/form-dialog";
import { EmptyState } from "@/components/states/empty-state";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { serverMessage } from "@/lib/api/errors";
import { useLocale, useT } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { useDeleteSchoolEvent, usePublishedSchedule, useSchoolEvents } from "../api/school-admin";
import { isAdminLocked } from "../utils/admin-errors";
import { SchoolEventForm } from "./school-event-form";

/** How far ahead the list looks: the rest of a term. */
const DAYS_AHEAD = 120;

const localToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

/** The dialog's state: closed, a new event, or an edit of one. */
type Editing = null | { event: SchoolEvent | null; key: string };

/** School events (decision 112): the coming ones, added, changed and deleted for every student. */
export function SchoolEventsSection() {
  const t = useT();
  const locale = useLocale();
  const [today] = useState(localToday);
  const to = addDaysToDate(today, DAYS_AHEAD);
  const events = useSchoolEvents(today, to);
  const schedule = usePublishedSchedule();
  const alternates = schedule.data?.alternates ?? [];
  const remove = useDeleteSchoolEvent();
  const [editing, setEditing] = useState<Editing>(null);
  const [saving, setSaving] = useState(false);
  // The event a delete asks about first, as deleting a task or an event of one's own does.
  const [confirming, setConfirming] = useState<SchoolEvent | null>(null);

  const deleteEvent = (event: SchoolEvent) =>
    remove.mutate(event.id, {
      onSuccess: () => {
        setConfirming(null);
        showToast({ title: t("admin.event_deleted"), variant: "success" });
      },
      onError: (error) => {
        setConfirming(null);
        if (isAdminLocked(error)) return;
        showToast({ title: t("admin.event_not_deleted"), description: serverMessage(error) ?? undefined, variant: "destructive" });
      },
    });

  return (
    <section aria-labelledby="admin-school-events-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="admin-school-events-heading" className="text-lg font-semibold">
          {t("admin.school_events")}
        </h2>
        <Button onClick={() => setEditing({ event: null, key: `new-${Date.now()}` })}>
          <Plus aria-hidden="true" />
          {t("admin.add_school_event")}
        </Button>
      </div>
      {events.isPending ? (
        <LoadingState label={t("admin.loading_school_events")} />
      ) : events.isError ? (
        <ErrorState
          message={t("admin.school_events_load_error")}
          onRetry={() => void events.refetch()}
          retryLabel={t("admin.try_again")}
          size="sm"
        />
      ) : events.data.length === 0 ? (
        <EmptyState icon={<CalendarDays />} title={t("admin.no_school_events")} />
      ) : (
        <ul aria-label={t("admin.school_events")} className="grid gap-2">
          {events.data.map((event) => {
            const alternate = alternates.find((a) => a.id === event.alternateId);
            return (
              <li key={event.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2">
                <div className="grid min-w-0 gap-0.5">
                  <p className="font-medium break-words">{event.title}</p>
                  <p className="text-sm text-muted-foreground">
                    {formatShortDate(event.date, locale)}
                    {event.endDate && ` – ${formatShortDate(event.endDate, locale)}`}
                    {event.time && ` · ${formatTime12(event.time, locale)}`}
                  </p>
                  <div className="flex flex-wrap gap-1">
                    <Badge variant="secondary">{t(EVENT_TYPE_LABELS[event.eventType as EventType] ?? EVENT_TYPE_LABELS.other)}</Badge>
                    {alternate && <Badge variant="outline">{alternateName(alternate.name, t)}</Badge>}
                  </div>
                </div>
                <div className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("admin.edit_event", { title: event.title })}
                    onClick={() => setEditing({ event, key: `edit-${event.id}` })}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t("admin.delete_event", { title: event.title })}
                    disabled={remove.isPending}
                    onClick={() => setConfirming(event)}
                  >
                    <Trash2 aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={t("admin.delete_school_event")}
        description={t("admin.delete_school_event_confirm", { title: confirming?.title ?? "" })}
        confirmText={t("common.delete")}
        pendingText={t("common.deleting")}
        pending={remove.isPending}
        destructive
        onConfirm={() => confirming && deleteEvent(confirming)}
      />
      <FormDialog formKey={editing?.key} busy={saving} onClose={() => setEditing(null)}>
        {editing && (
          <SchoolEventForm
            event={editing.event}
            today={today}
            usual={schedule.data ?? {}}
            alternates={alternates}
            onSaving={setSaving}
            onDone={() => setEditing(null)}
          />
        )}
      </FormDialog>
    </section>
  );
}
