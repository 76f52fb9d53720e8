import { expandEvents } from "../../core/calendar/recurrence";
import { addDaysToDate, clockTimeIn, todayIn } from "../../core/dates";
import type { Plan } from "../../core/schemas/plan";
import { EXAM_PREP_DAYS, studyPlan } from "../../core/study-plan";
import type { EventsRepository } from "../repositories/events";
import type { SessionUser } from "../repositories/sessions";
import type { TasksRepository } from "../repositories/tasks";
import type { TransactionScope } from "../repositories/transaction";
import { studyPreferencesOf } from "./preferences";
import type { Clock } from "./reminders";
import type { SchoolService } from "./school";

/** How far ahead the plan reads events and the school day: the plan's own horizon (core/study-plan.ts). */
const HORIZON_DAYS = 366;

/**
 * GET /api/user/plan (issue 51, decision 129): the student's tasks, events and school day read
 * once, the plan worked out by core's pure `studyPlan` with the server's clock in the school's
 * time zone. The days read run from today to the last deadline or exam (at most a year ahead),
 * since work is placed from now, whatever day the answer shows first.
 */
export function createStudyPlanService(options: {
  tasks: TasksRepository;
  events: EventsRepository;
  schoolDay: Pick<SchoolService, "schoolDayOf">;
  clock: Clock;
  timeZone: string;
}) {
  const { tasks, events, schoolDay, clock, timeZone } = options;
  return {
    /** The plan of `days` days from `from` (today by default); read through `tx` inside a transaction under way (the reminder scan's). */
    async planFor(
      user: Pick<SessionUser, "id" | "schedule_source" | "study_preferences">,
      from: string | undefined,
      days: number,
      tx?: Pick<TransactionScope, "tasks" | "events" | "school" | "users">,
    ): Promise<Plan> {
      const now = clock();
      const today = todayIn(timeZone, now);
      const first = from ?? today;
      const reader = tx ?? { tasks, events };
      const [taskList, eventList] = await Promise.all([reader.tasks.listForUser(user.id), reader.events.listForUser(user.id)]);
      const lastShown = addDaysToDate(first, days - 1);
      const deadlines = taskList.flatMap((t) => (t.completed || t.dueDate === null ? [] : [t.dueDate]));
      const horizon = addDaysToDate(today, HORIZON_DAYS);
      const until = [lastShown, ...deadlines].reduce((max, d) => (d > max ? d : max), today);
      const readTo = until < horizon ? until : horizon;
      // An exam up to EXAM_PREP_DAYS after the last day read is revised for within it.
      const occurrences = expandEvents(eventList, today, addDaysToDate(readTo, EXAM_PREP_DAYS));
      const byId = new Map(eventList.map((e) => [e.id, e]));
      const { schedule, alternates } = await schoolDay.schoolDayOf(user, today, readTo, tx);
      return studyPlan({
        from: first,
        days,
        today,
        now: clockTimeIn(timeZone, now),
        preferences: studyPreferencesOf(user),
        schedule,
        alternates,
        busy: occurrences.flatMap((o) =>
          o.time === null || o.date > readTo ? [] : [{ date: o.date, time: o.time, endTime: byId.get(o.eventId)?.endTime ?? null }],
        ),
        tasks: taskList,
        exams: occurrences.flatMap((o) => {
          const prep = byId.get(o.eventId)?.prepMinutes ?? null;
          return o.type === "exam" && prep
            ? [{ eventId: o.eventId, title: o.title, subject: o.subject, date: o.date, prepMinutes: prep }]
            : [];
        }),
      });
    },
  };
}
export type StudyPlanService = ReturnType<typeof createStudyPlanService>;
