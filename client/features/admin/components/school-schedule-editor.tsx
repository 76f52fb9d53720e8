import { Clock, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useForm } from "react-hook-form";
import { WEEKDAY_NAMES, type WeekdayName } from "@core/day-numbers";
import { weekdayLabel } from "@core/format";
import { todayIn } from "@core/dates";
import type { SchoolSchedule } from "@core/school-day";
import { MAX_ALTERNATES, schoolScheduleSchema, type SchoolScheduleInput } from "@core/schemas/school-schedule";
import { SubmitButton } from "@/components/form/submit-button";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { serverMessage } from "@/lib/api/errors";
import { useLocale, useT, wordMessage } from "@/lib/i18n";
import { showToast } from "@/lib/toast";
import { usePublishSchedule } from "../api/school-admin";
import { isAdminLocked } from "../utils/admin-errors";
import { type BellTime as Bell, shiftBellTimes } from "../utils/bell-times";
import { BellRows, type BellsByDay, BellsByDayEditor, PeriodsByDayEditor } from "./bell-rows";
import { alternateIdFor, hasDays, forDays } from "../utils/schedule-document";
import { KitTextField, KitDateField } from "./kit-fields";

type Alternate = { id: string; name: string; bellTimes: Bell[]; bellTimesByDay: BellsByDay };
type DayOff = { from: string; to: string; label: string };

const localToday = () => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * The editor of the school's schedule document: school days, the usual bell times, the alternates,
 * the rotation and days off, published as one (BellScheduleSection holds it).
 */
export function ScheduleEditor({ initial }: { initial: SchoolSchedule }) {
  const t = useT();
  const locale = useLocale();
  const publish = usePublishSchedule();
  // Only its errors: the schema's refusals, shown under the fields by the form kit.
  const form = useForm({ shouldFocusError: false });
  const [today] = useState(localToday);
  const [schoolDays, setSchoolDays] = useState<WeekdayName[]>(initial.schoolDays);
  const [bells, setBells] = useState<Bell[]>(initial.bellTimes ?? []);
  const [bellsByDay, setBellsByDay] = useState<BellsByDay>(hasDays(initial.bellTimesByDay) ? initial.bellTimesByDay : null);
  const [periodsByDay, setPeriodsByDay] = useState<Record<string, number[]> | null>(
    hasDays(initial.rotation?.periodsByDay) ? initial.rotation.periodsByDay : null,
  );
  const [alternates, setAlternates] = useState<Alternate[]>(
    (initial.alternates ?? []).map((a) => ({
      id: a.id,
      name: a.name,
      bellTimes: a.bellTimes ?? [],
      bellTimesByDay: hasDays(a.bellTimesByDay) ? a.bellTimesByDay : null,
    })),
  );
  const [rotationDays, setRotationDays] = useState((initial.rotation?.days ?? []).join(", "));
  const [anchorDate, setAnchorDate] = useState(initial.rotation?.anchorDate ?? "");
  const [anchorDay, setAnchorDay] = useState(initial.rotation?.anchorDay ?? "");
  const [daysOff, setDaysOff] = useState<DayOff[]>(initial.daysOff ?? []);
  const [problem, setProblem] = useState<string | null>(null);

  const days = [
    ...new Set(
      rotationDays
        .split(",")
        .map((d) => d.trim())
        .filter(Boolean),
    ),
  ];
  // Every period with a bell time on some day: the ones a rotation day may meet.
  const periods = [...new Set([...bells, ...Object.values(bellsByDay ?? {}).flat()].map((b) => b.period))].sort((a, b) => a - b);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const list = rotationDays
      .split(",")
      .map((d) => d.trim())
      .filter(Boolean);
    const byDay = forDays(days, bellsByDay, bells);
    const periodsOn = forDays(days, periodsByDay, periods);
    // No rotation days: no rotation, and nothing per rotation day.
    const rotation =
      list.length === 0 ? null : { days: list, anchorDate, anchorDay: anchorDay.trim(), ...(periodsOn ? { periodsByDay: periodsOn } : {}) };
    const document: SchoolScheduleInput = {
      schoolDays,
      bellTimes: bells,
      ...(byDay ? { bellTimesByDay: byDay } : {}),
      rotation,
      daysOff,
      alternates: alternates.map((a) => {
        const alternateByDay = forDays(days, a.bellTimesByDay, a.bellTimes);
        return { id: a.id, name: a.name, bellTimes: a.bellTimes, ...(alternateByDay ? { bellTimesByDay: alternateByDay } : {}) };
      }),
    };
    form.clearErrors();
    const checked = schoolScheduleSchema.safeParse(document);
    if (!checked.success) {
      // Each refusal under its field, the first one also above the button: the schema's message is a
      // reference, worded in the app's language (decision 108).
      for (const issue of checked.error.issues) {
        const name = issue.path.join(".");
        if (name && !form.getFieldState(name).error) form.setError(name, { type: "custom", message: issue.message });
      }
      setProblem(wordMessage(checked.error.issues[0]?.message ?? ""));
      return;
    }
    setProblem(null);
    publish.mutate(checked.data, {
      onSuccess: () => showToast({ title: t("admin.schedule_published"), variant: "success" }),
      onError: (error) => {
        if (isAdminLocked(error)) return;
        setProblem(serverMessage(error));
        showToast({ title: t("admin.schedule_not_published"), description: serverMessage(error) ?? undefined, variant: "destructive" });
      },
    });
  };

  return (
    <Form {...form}>
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
          <legend className="mb-2 text-sm font-medium">{t("admin.rotation")}</legend>
          <div className="grid gap-3 sm:grid-cols-3">
            <KitTextField name="rotation.days" label={t("admin.rotation_days")} value={rotationDays} onChange={setRotationDays} />
            <KitDateField
              name="rotation.anchorDate"
              label={t("admin.rotation_anchor_date")}
              value={anchorDate}
              onChange={setAnchorDate}
              today={today}
            />
            <KitTextField name="rotation.anchorDay" label={t("admin.rotation_anchor_day")} value={anchorDay} onChange={setAnchorDay} />
          </div>
        </fieldset>
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">{t("admin.usual_bell_times")}</legend>
          <BellRows bells={bells} onChange={setBells} path="bellTimes" />
          {days.length > 0 && (
            <>
              <BellsByDayEditor days={days} usual={bells} byDay={bellsByDay} onChange={setBellsByDay} path="bellTimesByDay" />
              <PeriodsByDayEditor days={days} periods={periods} periodsByDay={periodsByDay} onChange={setPeriodsByDay} />
            </>
          )}
        </fieldset>
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">{t("admin.alternates")}</legend>
          {alternates.map((a, i) => {
            const update = (part: Partial<Alternate>) => setAlternates(alternates.map((x, k) => (k === i ? { ...x, ...part } : x)));
            // "2 hours later": the usual times moved, each rotation day's too when this alternate has its own.
            const twoHoursLater = () =>
              update({
                bellTimes: shiftBellTimes(bells, 120),
                ...(a.bellTimesByDay
                  ? { bellTimesByDay: Object.fromEntries(days.map((d) => [d, shiftBellTimes(bellsByDay?.[d] ?? bells, 120)])) }
                  : {}),
              });
            return (
              <div key={a.id} className="grid gap-3 rounded-md border p-3">
                <div className="flex flex-wrap items-end gap-2">
                  <KitTextField
                    name={`alternates.${i}.name`}
                    label={t("admin.alternate_name")}
                    className="w-56"
                    value={a.name}
                    onChange={(name) => update({ name })}
                  />
                  <Button type="button" variant="outline" onClick={twoHoursLater}>
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
                <BellRows bells={a.bellTimes} onChange={(bellTimes) => update({ bellTimes })} path={`alternates.${i}.bellTimes`} />
                {days.length > 0 && (
                  <BellsByDayEditor
                    days={days}
                    usual={a.bellTimes}
                    byDay={a.bellTimesByDay}
                    onChange={(bellTimesByDay) => update({ bellTimesByDay })}
                    path={`alternates.${i}.bellTimesByDay`}
                  />
                )}
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
                    bellTimesByDay: null,
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
          <legend className="mb-2 text-sm font-medium">{t("admin.days_off")}</legend>
          {daysOff.map((d, i) => {
            const update = (part: Partial<DayOff>) => setDaysOff(daysOff.map((x, k) => (k === i ? { ...x, ...part } : x)));
            return (
              <div key={i} className="grid items-start gap-2 rounded-md border p-3 sm:grid-cols-[1fr_1fr_1fr_auto]">
                {/* A new day off ends the day it starts unless its end is set. */}
                <KitDateField
                  name={`daysOff.${i}.from`}
                  label={t("admin.day_off_from")}
                  value={d.from}
                  onChange={(from) => update({ from, to: d.to || from })}
                  today={today}
                />
                <KitDateField
                  name={`daysOff.${i}.to`}
                  label={t("admin.day_off_to")}
                  value={d.to}
                  onChange={(to) => update({ to })}
                  today={today}
                />
                <KitTextField
                  name={`daysOff.${i}.label`}
                  label={t("admin.day_off_label")}
                  value={d.label}
                  onChange={(label) => update({ label })}
                />
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="self-end"
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
    </Form>
  );
}
