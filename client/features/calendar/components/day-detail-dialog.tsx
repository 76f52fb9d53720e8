import { CalendarCheck2Icon, PencilIcon, Trash2Icon } from "lucide-react";
import type { CalendarEntry } from "@core/calendar/entries";
import { entryBadge } from "@core/calendar/next-five-days";
import { formatTime12 } from "@core/format";
import { EmptyState } from "@/components/states/empty-state";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/cn";
import { useLocale, useT } from "@/lib/i18n";
import type { Locale } from "@core/i18n/locale";
import type { Translate } from "@core/i18n/translate";
import { dayDescription, entryToneClass, longDate } from "../utils/month-grid-dates";

export type DayDetailDialogProps = {
  /** The day shown, "yyyy-MM-dd"; null when the dialog is closed. */
  date: string | null;
  /** The day's entries, already in the day-detail order (core/calendar/entries.ts dayDetailOrder). */
  entries: CalendarEntry[];
  /** The school day's line ("A day", "No school: Winter break"), or null. */
  note?: string | null;
  onClose(): void;
  onEdit(entry: CalendarEntry): void;
  onDelete(entry: CalendarEntry): void;
};

/**
 * The day detail (docs/product.md#calendar): the date as its title, the weekday and item count,
 * then the day's events and tasks with time, title, subject and a badge. The student's events have
 * edit and delete buttons; tasks are edited on the Tasks tab; the school's events (a "School" badge)
 * are only shown. The description names the school day: its rotation day, an alternate bell
 * schedule ("2-Hour Delay schedule") or the day off. Only the footer's Close closes it by button (the
 * corner one would be a second "Close"); Escape and a click outside close it too.
 */
export function DayDetailDialog({ date, entries, note = null, onClose, onEdit, onDelete }: DayDetailDialogProps) {
  const t = useT();
  const locale = useLocale();
  return (
    <Dialog
      open={date !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <DialogContent showCloseButton={false}>
        <DialogHeader className="pr-0">
          <DialogTitle>{date !== null ? longDate(date, t, locale) : ""}</DialogTitle>
          <DialogDescription>{date !== null ? dayDescription(date, note, entries.length, t, locale) : ""}</DialogDescription>
        </DialogHeader>
        {entries.length === 0 ? (
          <EmptyState icon={<CalendarCheck2Icon />} title={t("calendar.no_entries")} text={t("calendar.day_free")} />
        ) : (
          <ul aria-label={t("calendar.day_list")} className="flex flex-col gap-2">
            {entries.map((entry) => (
              <DayDetailItem key={entry.id} entry={entry} onEdit={onEdit} onDelete={onDelete} />
            ))}
          </ul>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t("common.close")}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** "3:30 PM"; "All day" for an event without a time; nothing for a task without one (due by the end of the day). */
function entryTimeText(entry: CalendarEntry, t: Translate, locale: Locale): string | null {
  if (entry.time !== null) return formatTime12(entry.time, locale);
  return entry.kind === "event" ? t("common.all_day") : null;
}

type DayDetailItemProps = {
  entry: CalendarEntry;
  onEdit(entry: CalendarEntry): void;
  onDelete(entry: CalendarEntry): void;
};

function DayDetailItem({ entry, onEdit, onDelete }: DayDetailItemProps) {
  const t = useT();
  const locale = useLocale();
  const time = entryTimeText(entry, t, locale);
  const badge = t(entryBadge(entry));
  return (
    <li className={cn("flex items-start gap-3 rounded-md border bg-card px-3 py-2", entry.isCompleted && "bg-muted/60")}>
      <span className="w-16 shrink-0 pt-0.5 text-xs font-medium tabular-nums text-muted-foreground">{time}</span>
      <div className="min-w-0 flex-1">
        <p className={cn("text-sm font-medium break-words", entry.isCompleted && "text-muted-foreground line-through")}>{entry.title}</p>
        {entry.isCompleted && <span className="sr-only">{t("calendar.completed")}</span>}
        {entry.subject && <p className="text-xs break-words text-muted-foreground">{entry.subject}</p>}
        <span className="mt-1 flex flex-wrap gap-1">
          <Badge className={cn("border-transparent", entryToneClass({ ...entry, isCompleted: false }))}>{badge}</Badge>
          {entry.school && <Badge variant="outline">{t("dashboard.school_badge")}</Badge>}
        </span>
      </div>
      {/* Not on an event still being saved (its id is temporary until the server answers), nor on
          the school's (they have no eventId: staff edit them on /admin/school). */}
      {entry.kind === "event" && (entry.eventId ?? 0) > 0 && (
        <div className="-mr-1 flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={t("calendar.edit_entry", { title: entry.title })}
            onClick={() => onEdit(entry)}
          >
            <PencilIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            aria-label={t("calendar.delete_entry", { title: entry.title })}
            onClick={() => onDelete(entry)}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
        </div>
      )}
    </li>
  );
}
