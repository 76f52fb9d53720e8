import { messageRef } from "../../core/i18n/translate";
import type { Preferences, ScheduleSource } from "../../core/schemas/preferences";
import { DEFAULT_STUDY_PREFERENCES, type StudyPreferences, type StudyWindows } from "../../core/study-plan";
import { notFound } from "../errors";
import type { SchoolRepository } from "../repositories/school";
import type { SessionUser } from "../repositories/sessions";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";
import type { UsersRepository } from "../repositories/users";
import type { ReminderPlanner } from "./reminders";

type PreferencesColumns = Pick<
  SessionUser,
  "evening_summary_time" | "locale" | "schedule_source" | "app_badge" | "study_preferences" | "study_block_reminders"
>;

/**
 * Whose school day a student follows (decision 112): what they chose; until they choose, the
 * school's once it has published one, unless they had saved their own (theirs is kept either way).
 */
export function scheduleSourceOf(chosen: ScheduleSource | null, hasOwnSchedule: boolean, schoolPublished: boolean): ScheduleSource {
  return chosen ?? (schoolPublished && !hasOwnSchedule ? "school" : "mine");
}

/** The preferences of a users row, its schedule source resolved. */
export function preferencesOf(user: PreferencesColumns, scheduleSource: ScheduleSource): Preferences {
  return {
    eveningSummaryTime: user.evening_summary_time,
    locale: user.locale,
    scheduleSource,
    appBadge: user.app_badge !== 0,
    ...studyPreferencesOf(user),
    studyBlockReminders: user.study_block_reminders !== 0,
  };
}

/** The study plan's settings of a users row: what the student set, the defaults until then (decision 129). */
export function studyPreferencesOf(user: Pick<SessionUser, "study_preferences">): StudyPreferences {
  return user.study_preferences === null ? DEFAULT_STUDY_PREFERENCES : (JSON.parse(user.study_preferences) as StudyPreferences);
}

/** The student's schedule source: from the row alone once chosen, else from their own schedule and the school's. */
async function resolvedSource(
  user: Pick<SessionUser, "id" | "schedule_source">,
  repositories: { users: Pick<UsersRepository, "findSchoolSchedule">; school: Pick<SchoolRepository, "state"> },
): Promise<ScheduleSource> {
  if (user.schedule_source) return user.schedule_source;
  const [own, school] = await Promise.all([repositories.users.findSchoolSchedule(user.id), repositories.school.state()]);
  return scheduleSourceOf(null, Boolean(own), school.schedule !== null);
}

/** GET and PUT /api/user/preferences: the evening summary's time and its schedule change together, with the language and the schedule source beside them. */
export function createPreferencesService(
  transaction: RunInTransaction,
  reminders: ReminderPlanner,
  repositories: { users: UsersRepository; school: SchoolRepository },
) {
  return {
    async read(user: SessionUser): Promise<Preferences> {
      return preferencesOf(user, await resolvedSource(user, repositories));
    },

    update(userId: number, changes: Partial<Preferences>): Promise<Preferences> {
      return transaction(async (tx: TransactionScope) => {
        if (changes.eveningSummaryTime !== undefined) {
          await tx.users.setEveningSummaryTime(userId, changes.eveningSummaryTime);
          await reminders.armSummary(tx, userId, changes.eveningSummaryTime);
        }
        if (changes.locale !== undefined) await tx.users.setLocale(userId, changes.locale);
        if (changes.scheduleSource !== undefined) await tx.users.setScheduleSource(userId, changes.scheduleSource);
        if (changes.appBadge !== undefined) await tx.users.setAppBadge(userId, changes.appBadge);
        if (changes.studyBlockReminders !== undefined) {
          await tx.users.setStudyBlockReminders(userId, changes.studyBlockReminders);
          // On: the plan is read at the next scan, which arms the look after it; off: no more looks.
          await reminders.armStudy(tx, userId, changes.studyBlockReminders);
        }
        const before = await tx.users.findById(userId);
        if (!before) throw notFound(messageRef("server.user_not_found"));
        const { studyWindows, dailyStudyLimitMinutes, maxBlockMinutes } = changes;
        if (studyWindows !== undefined || dailyStudyLimitMinutes !== undefined || maxBlockMinutes !== undefined) {
          const study = studyPreferencesOf(before);
          await tx.users.setStudyPreferences(userId, {
            studyWindows: studyWindows ? inTimeOrder(studyWindows) : study.studyWindows,
            dailyStudyLimitMinutes: dailyStudyLimitMinutes ?? study.dailyStudyLimitMinutes,
            maxBlockMinutes: maxBlockMinutes ?? study.maxBlockMinutes,
          });
        }
        const user = (await tx.users.findById(userId)) ?? before;
        return preferencesOf(user, await resolvedSource(user, tx));
      });
    },
  };
}
/** Each day's windows by their start: the order a reader and the plan expect. */
function inTimeOrder(windows: StudyWindows): StudyWindows {
  return Object.fromEntries(
    Object.entries(windows).map(([day, list]) => [day, [...list].sort((a, b) => (a.start < b.start ? -1 : 1))]),
  ) as StudyWindows;
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
