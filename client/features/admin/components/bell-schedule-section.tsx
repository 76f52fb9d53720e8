import { Clock, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { WEEKDAY_NAMES, type WeekdayName } from "@core/day-numbers";
import { weekdayLabel } from "@core/format";
import type { SchoolSchedule } from "@core/school-day";
import { MAX_ALTERNATES, MAX_PERIOD, schoolScheduleSchema } from "@core/schemas/school-schedule";
import { SubmitButton } from "@/components/form/submit-button";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { serverMessage } from "@/lib/api/errors";
import { useLocale, useT, wordMessage } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { usePublishedSchedule, usePublishSchedule } from "../api/school-admin";
import { isAdminLocked } from "../utils/admin-errors";
import { shiftBellTimes } from "../utils/bell-times";

type Bell = { period: number; start: string; end: string };
type Alternate = { id: string; name: string; bellTimes: Bell[] };
type DayOff = { from: string; to: string; label: string };

const DEFAULT_SCHEDULE: SchoolSchedule = {
  schoolDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
  bellTimes: [{ period: 1, start: "08:00", end: "08:50" }],
};

/** An alternate's id from its name ("2-Hour Delay" → "2-hour-delay"), unique among the others. */
function alternateIdFor(name: string, taken: readonly string[]): string {
  const base =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .slice(0, 24) || "alternate";
  let id = base;
  for (let n = 2; taken.includes(id); n++) id = `${base}-${n}`;
  return id;
}

/**
 * The school's bell schedule (decision 112): school days, the usual bell times and the alternates
 * (a 2-hour delay filled in one press), the rotation and its anchor, and days off, published with
 * PUT. The student's School Day editor saves the student's own schedule and preferences, so staff
 * get this simpler editor; the per-day times (bellTimesByDay, periodsByDay) of a schedule already
 * published are kept as they are.
 */
export function BellScheduleSection() {
  const t = useT();
  const published = usePublishedSchedule();
  return (
    <section aria-labelledby="admin-bell-schedule-heading" className="grid gap-4">
      <h2 id="admin-bell-schedule-heading" className="text-lg font-semibold">
        {t("admin.bell_schedule")}
      </h2>
      {published.isPending ? (
        <LoadingState label={t("admin.loading_bell_schedule")} />
      ) : published.isError ? (
        <ErrorState
          message={t("admin.bell_schedule_load_error")}
          onRetry={() => void published.refetch()}
          retryLabel={t("admin.try_again")}
          size="sm"
        />
      ) : (
        <>
          {published.data === null && <p className="text-sm text-muted-foreground">{t("admin.bell_schedule_unpublished")}</p>}
          <ScheduleEditor initial={published.data ?? DEFAULT_SCHEDULE} />
        </>
      )}
    </section>
  );
}

function BellRows({ bells, onChange, idPrefix }: { bells: Bell[]; onChange: (bells: Bell[]) => void; idPrefix: string }) {
  const t = useT();
  const set = (i: number, part: Partial<Bell>) => onChange(bells.map((b, k) => (k === i ? { ...b, ...part } : b)));
  return (
    <div className="grid gap-2">
      {bells.map((b, i) => (
        <div key={b.period} className="flex flex-wrap items-center gap-2">
          <span className="w-20 text-sm font-medium">{t("admin.period_number", { period: b.period })}</span>
          <Input
            type="time"
            className="w-32"
            aria-label={t("admin.period_start", { period: b.period })}
            id={`${idPrefix}-${b.period}-start`}
            value={b.start}
            onChange={(e) => set(i, { start: e.target.value })}
          />
          <Input
            type="time"
            className="w-32"
            aria-label={t("admin.period_end", { period: b.period })}
            value={b.end}
            onChange={(e) => set(i, { end: e.target.value })}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={t("admin.remove_period", { period: b.period })}
            onClick={() => onChange(bells.filter((_, k) => k !== i))}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ))}
      {bells.length < MAX_PERIOD && (
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => {
            // The next period, an hour after the last one (its times then edited).
            const last = bells.at(-1);
            const next = last ? shiftBellTimes([last], 60)[0]! : { period: 0, start: "08:00", end: "08:50" };
            onChange([...bells, { ...next, period: Math.min(MAX_PERIOD, (last?.period ?? 0) + 1) }]);
          }}
        >
          <Plus aria-hidden="true" />
          {t("admin.add_period")}
        </Button>
      )}
    </div>
  );
}

function ScheduleEditor({ initial }: { initial: SchoolSchedule }) {
  const t = useT();
  const locale = useLocale();
  const publish = usePublishSchedule();
  const [schoolDays, setSchoolDays] = useState<WeekdayName[]>(initial.schoolDays);
  const [bells, setBells] = useState<Bell[]>(initial.bellTimes ?? []);
  const [alternates, setAlternates] = useState<Alternate[]>(
    (initial.alternates ?? []).map((a) => ({ id: a.id, name: a.name, bellTimes: a.bellTimes ?? [] })),
  );
  const [rotationDays, setRotationDays] = useState((initial.rotation?.days ?? []).join(", "));
  const [anchorDate, setAnchorDate] = useState(initial.rotation?.anchorDate ?? "");
  const [anchorDay, setAnchorDay] = useState(initial.rotation?.anchorDay ?? "");
  const [daysOff, setDaysOff] = useState<DayOff[]>(initial.daysOff ?? []);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const days = rotationDays
      .split(",")
      .map((d) => d.trim())
      .filter(Boolean);
    // No rotation days: no rotation. Which periods meet on each day stay as published.
    const rotation = days.length === 0 ? null : { ...initial.rotation, days, anchorDate, anchorDay: anchorDay.trim() };
    const document = {
      ...initial,
      schoolDays,
      bellTimes: bells,
      rotation,
      daysOff,
      alternates: alternates.map((a) => {
        // Per-day times of an alternate already published stay with it.
        const before = initial.alternates?.find((x) => x.id === a.id);
        return { ...before, ...a };
      }),
    };
    const checked = schoolScheduleSchema.safeParse(document);
    if (!checked.success) {
      // The schema's message is a reference, worded in the app's language (decision 108).
      setProblem(wordMessage(checked.error.issues[0]?.message ?? ""));
      return;
    }
    setProblem(null);
    publish.mutate(document, {
      onSuccess: () => showToast({ title: t("admin.schedule_published"), variant: "success" }),
      onError: (error) => {
        if (isAdminLocked(error)) return;
        setProblem(serverMessage(error));
        showToast({ title: t("admin.schedule_not_published"), description: serverMessage(error) ?? undefined, variant: "destructive" });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-5">
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
                onClick={() => setSchoolDays(on ? schoolDays.filter((d) => d !== day) : [...schoolDays, day])}
              >
                {weekdayLabel(index, locale)}
              </Button>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t("admin.usual_bell_times")}</legend>
        <BellRows bells={bells} onChange={setBells} idPrefix="usual" />
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-medium">{t("admin.alternates")}</legend>
        {alternates.map((a, i) => {
          const update = (part: Partial<Alternate>) => setAlternates(alternates.map((x, k) => (k === i ? { ...x, ...part } : x)));
          return (
            <div key={a.id} className="grid gap-2 rounded-md border p-3">
              <div className="flex flex-wrap items-end gap-2">
                <div className="grid gap-1">
                  <Label htmlFor={`alternate-${a.id}-name`}>{t("admin.alternate_name")}</Label>
                  <Input id={`alternate-${a.id}-name`} className="w-56" value={a.name} onChange={(e) => update({ name: e.target.value })} />
                </div>
                <Button type="button" variant="outline" onClick={() => update({ bellTimes: shiftBellTimes(bells, 120) })}>
                  <Clock aria-hidden="true" />
                  {t("admin.two_hours_later")}
                </Button>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  aria-label={t("admin.remove_alternate", { name: a.name })}
                  onClick={() => setAlternates(alternates.filter((_, k) => k !== i))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
              <BellRows bells={a.bellTimes} onChange={(bellTimes) => update({ bellTimes })} idPrefix={`alternate-${a.id}`} />
            </div>
          );
        })}
        {alternates.length < MAX_ALTERNATES && (
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={() => {
              const name = t("admin.two_hours_later");
              setAlternates([
                ...alternates,
                {
                  id: alternateIdFor(
                    `alternate-${alternates.length + 1}`,
                    alternates.map((a) => a.id),
                  ),
                  name,
                  bellTimes: shiftBellTimes(bells, 120),
                },
              ]);
            }}
          >
            <Plus aria-hidden="true" />
            {t("admin.add_alternate")}
          </Button>
        )}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t("admin.rotation")}</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="grid gap-1">
            <Label htmlFor="rotation-days">{t("admin.rotation_days")}</Label>
            <Input id="rotation-days" value={rotationDays} onChange={(e) => setRotationDays(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="rotation-anchor-date">{t("admin.rotation_anchor_date")}</Label>
            <Input id="rotation-anchor-date" type="date" value={anchorDate} onChange={(e) => setAnchorDate(e.target.value)} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="rotation-anchor-day">{t("admin.rotation_anchor_day")}</Label>
            <Input id="rotation-anchor-day" value={anchorDay} onChange={(e) => setAnchorDay(e.target.value)} />
          </div>
        </div>
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">{t("admin.days_off")}</legend>
        {daysOff.map((d, i) => {
          const update = (part: Partial<DayOff>) => setDaysOff(daysOff.map((x, k) => (k === i ? { ...x, ...part } : x)));
          return (
            <div key={i} className="flex flex-wrap items-end gap-2">
              <div className="grid gap-1">
                <Label htmlFor={`day-off-${i}-from`}>{t("admin.day_off_from")}</Label>
                {/* A new day off ends the day it starts unless its end is set. */}
                <Input
                  id={`day-off-${i}-from`}
                  type="date"
                  className="w-40"
                  value={d.from}
                  onChange={(e) => update({ from: e.target.value, to: d.to || e.target.value })}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`day-off-${i}-to`}>{t("admin.day_off_to")}</Label>
                <Input id={`day-off-${i}-to`} type="date" className="w-40" value={d.to} onChange={(e) => update({ to: e.target.value })} />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`day-off-${i}-label`}>{t("admin.day_off_label")}</Label>
                <Input id={`day-off-${i}-label`} className="w-48" value={d.label} onChange={(e) => update({ label: e.target.value })} />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t("admin.remove_day_off", { label: d.label })}
                onClick={() => setDaysOff(daysOff.filter((_, k) => k !== i))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          );
        })}
        <Button
          type="button"
          variant="outline"
          className="justify-self-start"
          onClick={() => setDaysOff([...daysOff, { from: "", to: "", label: "" }])}
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
  );
}
