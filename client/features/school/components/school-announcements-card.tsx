import { CalendarDaysIcon, MegaphoneIcon, XIcon } from "lucide-react";
import { useId, useState } from "react";
import { announcementWhen } from "@core/announcement-when";
import type { SchoolAnnouncement } from "@core/announcements";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useLocale, useT } from "@/lib/i18n";
import { readDismissed, saveDismissed } from "../utils/dismissed-announcements";

/**
 * "From your school" on Home (issue 36): the school's announcements Home still shows (as Home
 * picked them, core/announcements.ts), one made from a school event saying when it is (issue 49),
 * each dismissible on this device; nothing at all when none is left. Downloaded by the Home tab only
 * when there is something to show, so the card costs the tab's first download nothing.
 */
export function SchoolAnnouncementsCard({ userId, announcements }: { userId: number; announcements: readonly SchoolAnnouncement[] }) {
  const [dismissed, setDismissed] = useState(() => readDismissed(userId));
  const headingId = useId();
  const t = useT();
  const locale = useLocale();
  const shown = announcements.filter((a) => !dismissed.has(a.id));
  if (shown.length === 0) return null;
  const dismiss = (id: number) => {
    const next = new Set(dismissed).add(id);
    saveDismissed(userId, next);
    setDismissed(next);
  };
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle id={headingId} className="flex items-center gap-2 text-base sm:text-lg">
          <MegaphoneIcon className="size-5 shrink-0 text-primary" aria-hidden="true" />
          {t("dashboard.from_your_school")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2">
          {shown.map((a) => (
            <li key={a.id} className="flex items-start gap-2 rounded-md bg-muted/50 px-3 py-2">
              <div className="min-w-0 flex-1 break-words">
                <p className="text-sm font-medium">{a.title}</p>
                {a.event && (
                  <p className="flex items-center gap-1.5 text-sm">
                    <CalendarDaysIcon className="size-4 shrink-0 text-primary" aria-hidden="true" />
                    {announcementWhen(a.event, locale)}
                  </p>
                )}
                {a.body && <p className="text-sm whitespace-pre-line text-muted-foreground">{a.body}</p>}
              </div>
              <Button
                size="icon"
                variant="ghost"
                className="-my-1 -mr-2 shrink-0"
                aria-label={t("dashboard.dismiss_announcement", { title: a.title })}
                onClick={() => dismiss(a.id)}
              >
                <XIcon aria-hidden="true" />
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
