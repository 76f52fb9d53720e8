import { type ReactNode, useState } from "react";
import type { CalendarEntry } from "@core/calendar/entries";
import { firstShownDate } from "@core/calendar/series-children";
import type { CalendarEvent } from "@core/schemas/event";
import { useDeleteEvent } from "@/api/events/delete-event";
import { useWhenQueued } from "@/hooks/use-when-queued";
import type { EventEditTarget } from "@/api/events/update-event";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { toastEventError, toastEventSuccess } from "../hooks/event-toasts";
import type { EventDialogState } from "../types/event-dialog";

type Choice = { action: "edit" | "delete"; event: CalendarEvent; date: string };
type Confirm = { target: EventEditTarget; title: string; instance: boolean };

/**
 * Editing and deleting an event from the calendar (docs/product.md#calendar, docs/decisions/061):
 * an occurrence of a repeating event first asks "This event only" or "This and future events";
 * a delete that removes a whole event asks "Delete Event" first. Each choice is one request.
 */
export function useEventActions({ events, openForm }: { events: readonly CalendarEvent[]; openForm: (state: EventDialogState) => void }) {
  const [choice, setChoice] = useState<Choice | null>(null);
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const remove = useDeleteEvent();
  useWhenQueued(remove, () => setConfirm(null));
  const t = useT();

  const eventOf = (entry: CalendarEntry) => events.find((e) => e.id === entry.eventId);

  const runDelete = ({ target, instance }: Confirm) =>
    remove.mutate(target, {
      onSuccess: () => {
        setConfirm(null);
        toastEventSuccess(instance ? "calendar.instance_deleted" : "calendar.event_deleted");
      },
      onError: (error) => {
        setConfirm(null);
        toastEventError(error, instance ? "calendar.instance_delete_failed" : "calendar.delete_failed", { draftSaved: false });
      },
    });

  const openEdit = (entry: CalendarEntry) => {
    const event = eventOf(entry);
    if (!event) return;
    if (event.recurring === "none") openForm({ mode: "edit", event, edit: "plain", occurrenceDate: entry.date });
    else setChoice({ action: "edit", event, date: entry.date });
  };

  const openDelete = (entry: CalendarEntry) => {
    const event = eventOf(entry);
    if (!event) return;
    // A one-off event (an already-single child included) goes straight to the confirmation.
    if (event.recurring === "none") setConfirm({ target: { eventId: event.id }, title: event.title, instance: false });
    else setChoice({ action: "delete", event, date: entry.date });
  };

  const choose = (scope: "single" | "future") => {
    if (!choice) return;
    const { action, event, date } = choice;
    setChoice(null);
    // The first date the calendar still shows (an earlier date may have been removed or changed alone).
    // Found without expanding from the series' start, which may be centuries back.
    const isFirst =
      firstShownDate(
        event,
        events.filter((e) => e.parentEventId === event.id),
      ) === date;
    if (action === "edit") {
      // "This and future" from the first date is the whole series: its start date may move.
      const edit = scope === "single" ? "single" : isFirst ? "whole" : "future";
      openForm({ mode: "edit", event, edit, occurrenceDate: date });
      return;
    }
    if (scope === "single") {
      runDelete({ target: { eventId: event.id, scope: { kind: "SINGLE_INSTANCE", date } }, title: event.title, instance: true });
      return;
    }
    const target: EventEditTarget = { eventId: event.id, scope: { kind: "FUTURE_SERIES", date } };
    // From the first date the whole series goes: that is confirmed first.
    if (isFirst) setConfirm({ target, title: event.title, instance: false });
    else runDelete({ target, title: event.title, instance: false });
  };

  const dialogs: ReactNode = (
    <>
      <AlertDialog open={choice !== null} onOpenChange={(open) => !open && setChoice(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t(choice?.action === "delete" ? "calendar.delete_recurring" : "calendar.edit_recurring")}</AlertDialogTitle>
            <AlertDialogDescription>
              {t(choice?.action === "delete" ? "calendar.delete_recurring_text" : "calendar.edit_recurring_text")}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="grid gap-2">
            <Button variant="outline" onClick={() => choose("single")}>
              {t("calendar.this_event_only")}
            </Button>
            <Button variant="outline" onClick={() => choose("future")}>
              {t("calendar.this_and_future")}
            </Button>
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("common.cancel")}</AlertDialogCancel>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={t("calendar.delete_event")}
        description={t("calendar.delete_event_confirm", { title: confirm?.title ?? "" })}
        confirmText={t("common.delete")}
        pendingText={t("common.deleting")}
        pending={remove.isPending}
        destructive
        onConfirm={() => confirm && runDelete(confirm)}
      />
    </>
  );

  return { openEdit, openDelete, dialogs };
}
