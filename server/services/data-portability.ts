import type { FocusSessionsRepository } from "../repositories/focus-sessions";
import { type GradesRepository, toGradeItem } from "../repositories/grades";
import { importGradesSchema } from "../../core/schemas/grades";
import { messageRef } from "../../core/i18n/translate";
import { scaleOf } from "./grades";
import { studyPreferencesOf } from "./preferences";
import type { z } from "zod";
import { fieldErrors } from "../../core/schemas/field-errors";
import type { CalendarEvent } from "../../core/schemas/event";
import {
  EVENT_PARENTS_BROKEN,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  exportFileSchema,
  IMPORT_NEEDS_EMPTY_ACCOUNT,
  type ImportCounts,
  importClassesSchema,
  importEventFieldsSchema,
  importEventRowSchema,
  importScheduleSchema,
  importFocusSessionSchema,
  importTaskSchema,
} from "../../core/schemas/export";
import type { SchoolSchedule } from "../../core/school-day";
import { badRequest, conflict, parseWith } from "../errors";
import type { SessionUser } from "../repositories/sessions";
import type { RunInTransaction } from "../repositories/transaction";
import type { UsersRepository } from "../repositories/users";
import type { EventsRepository } from "../repositories/events";
import type { TasksRepository } from "../repositories/tasks";
import type { ReminderPlanner } from "./reminders";

type ParsedEvent = z.output<typeof importEventRowSchema> & { fields: z.output<typeof importEventFieldsSchema> | null };

/** Parses each item with its schema; every bad one is named by its place in the file ("tasks.3.title"). */
function parseItems<S extends z.ZodType>(schema: S, items: readonly unknown[], prefix: string, errors: Record<string, string[]>) {
  return items.map((item, index) => {
    const result = schema.safeParse(item);
    if (result.success) return result.data as z.output<S>;
    for (const [key, messages] of Object.entries(fieldErrors(result.error)))
      errors[`${prefix}.${index}${key === "_" ? "" : `.${key}`}`] = messages;
    return null;
  });
}

interface DataPortabilityOptions {
  transaction: RunInTransaction;
  users: UsersRepository;
  tasks: TasksRepository;
  events: EventsRepository;
  focusSessions: FocusSessionsRepository;
  grades: GradesRepository;
  reminders: ReminderPlanner;
}

/** "Download my data" and "Import" (docs/product.md#your-data, decision 091). */
export function createDataPortability({ transaction, users, tasks, events, focusSessions, grades, reminders }: DataPortabilityOptions) {
  return {
    /** Everything of the user's, without secrets: the file GET /api/user/export answers. */
    async exportFor(user: SessionUser, now = new Date()) {
      const [taskList, eventList, schedule, sessions, gradeRows, scale] = await Promise.all([
        tasks.listForUser(user.id),
        events.listForUser(user.id),
        users.findSchoolSchedule(user.id),
        focusSessions.allForUser(user.id),
        grades.listForUser(user.id),
        grades.scale(user.id),
      ]);
      return {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exportedAt: now.toISOString(),
        user: {
          email: user.email,
          firstName: user.first_name,
          lastName: user.last_name,
          userClasses: JSON.parse(user.user_classes) as string[],
          createdAt: user.created_at,
        },
        schedule: schedule ? (JSON.parse(schedule) as SchoolSchedule) : null,
        preferences: {
          eveningSummaryTime: user.evening_summary_time,
          locale: user.locale,
          // Only once the student chose: until then it follows the school's publishing (decision 112),
          // and a file restoring the default as a choice would pin it.
          ...(user.schedule_source ? { scheduleSource: user.schedule_source } : {}),
          appBadge: user.app_badge !== 0,
          // Only once the student set them: a file restoring the defaults as a choice would pin them.
          ...(user.study_preferences ? studyPreferencesOf(user) : {}),
          studyBlockReminders: user.study_block_reminders !== 0,
        },
        tasks: taskList,
        events: eventList,
        // Each with its task's id in this file (the tasks' `id`), null for focus on nothing in particular.
        focusSessions: sessions.map(({ taskId, startedAt, endedAt }) => ({ taskId, startedAt, endedAt })),
        // Each class's record; its items name their category by the category's id in this file.
        grades: {
          scale: scale ? scaleOf(scale) : null,
          classes: gradeRows.classes.map((record) => ({
            subject: record.subject,
            level: record.level,
            categories: gradeRows.categories
              .filter((c) => c.class_id === record.id)
              .map((c) => ({ id: c.id, name: c.name, weight: Number(c.weight) })),
            items: gradeRows.items
              .filter((i) => i.class_id === record.id)
              .map((row) => {
                const { id: _, ...item } = toGradeItem(row);
                return item;
              }),
          })),
        },
      };
    },

    /**
     * Restores an export into an account without tasks or events, in one transaction: classes,
     * school day, preferences, tasks and events (series, their exceptions and changed occurrences,
     * with new ids), each checked by the API's schemas; reminders armed as for any write.
     */
    async importInto(user: SessionUser, body: unknown): Promise<ImportCounts> {
      const file = parseWith(exportFileSchema, body);
      const errors: Record<string, string[]> = {};
      const taskData = parseItems(importTaskSchema, file.tasks, "tasks", errors);
      const sessionData = parseItems(importFocusSessionSchema, file.focusSessions, "focusSessions", errors);
      const eventRows = parseItems(importEventRowSchema, file.events, "events", errors);
      const parsedEvents: (ParsedEvent | null)[] = eventRows.map((row, index) => {
        if (!row) return null;
        if (row.isException) {
          if (row.parentEventId === null || row.exceptionDate === null) errors[`events.${index}`] = [EVENT_PARENTS_BROKEN];
          return { ...row, fields: null };
        }
        const [fields] = parseItems(importEventFieldsSchema, [file.events[index]], `events.${index}`, errors);
        return fields ? { ...row, fields } : null;
      });
      const classes = file.user?.userClasses.length
        ? parseWith(importClassesSchema, { userClasses: file.user.userClasses }).userClasses
        : null;
      const schedule = file.schedule ? importScheduleSchema.safeParse(file.schedule) : null;
      if (schedule && !schedule.success)
        Object.assign(errors, Object.fromEntries(Object.entries(fieldErrors(schedule.error)).map(([k, v]) => [`schedule.${k}`, v])));
      const gradeFile = file.grades === undefined ? null : importGradesSchema.safeParse(file.grades);
      if (gradeFile && !gradeFile.success)
        Object.assign(errors, Object.fromEntries(Object.entries(fieldErrors(gradeFile.error)).map(([k, v]) => [`grades.${k}`, v])));
      const firstError = Object.values(errors)[0]?.[0];
      if (firstError) throw badRequest(firstError, errors);

      const rows = parsedEvents as ParsedEvent[];
      const ids = new Set(rows.map((r) => r.id));
      if (ids.size !== rows.length || rows.some((r) => r.parentEventId !== null && !ids.has(r.parentEventId)))
        throw badRequest(EVENT_PARENTS_BROKEN);

      return transaction(async (tx) => {
        // Counted under the user's lock: imports sent at once would otherwise each see an empty account.
        await tx.users.lockUser(user.id);
        if ((await tx.tasks.countForUser(user.id)) > 0 || (await tx.events.countForUser(user.id)) > 0)
          throw conflict(IMPORT_NEEDS_EMPTY_ACCOUNT);
        if (gradeFile?.success && (await tx.grades.listForUser(user.id)).classes.length > 0)
          throw conflict(messageRef("grades.import_needs_no_grades"));
        // The export lists tasks newest first: created oldest first, they list in the same order again.
        const newTaskIds = new Map<unknown, number>();
        for (let index = taskData.length - 1; index >= 0; index--) {
          const task = await tx.tasks.create(user.id, taskData[index]!);
          await reminders.armTask(tx, task);
          newTaskIds.set((file.tasks[index] as { id?: unknown } | null)?.id, task.id);
        }
        // A session on a task the file does not have is kept as focus on nothing in particular.
        for (const session of sessionData as NonNullable<(typeof sessionData)[number]>[]) {
          const taskId = session.taskId === null ? null : (newTaskIds.get(session.taskId) ?? null);
          const minutes = Math.round((Date.parse(session.endedAt) - Date.parse(session.startedAt)) / 60_000);
          await tx.focusSessions.create(user.id, { ...session, taskId, minutes });
          if (taskId !== null) await tx.tasks.addSpentMinutes(user.id, taskId, minutes);
        }
        // Parents before their rows, with the file's ids mapped to the new ones.
        const newIds = new Map<number, CalendarEvent>();
        let pending = rows;
        while (pending.length > 0) {
          const ready = pending.filter((r) => r.parentEventId === null || newIds.has(r.parentEventId));
          if (ready.length === 0) throw badRequest(EVENT_PARENTS_BROKEN);
          for (const row of ready) {
            const parent = row.parentEventId === null ? null : newIds.get(row.parentEventId)!;
            if (row.isException) {
              if (!parent || parent.isException) throw badRequest(EVENT_PARENTS_BROKEN);
              newIds.set(row.id, await tx.events.addException(user.id, parent, row.exceptionDate!));
            } else {
              newIds.set(
                row.id,
                await tx.events.create(user.id, { ...row.fields!, parentEventId: parent?.id ?? null, originalDate: row.originalDate }),
              );
            }
          }
          pending = pending.filter((r) => !ready.includes(r));
        }
        for (const event of newIds.values()) if (!event.isException) await reminders.armEvent(tx, event);
        if (classes) await tx.users.setClasses(user.id, classes);
        if (schedule?.success) await tx.users.setSchoolSchedule(user.id, JSON.stringify(schedule.data));
        const summary = file.preferences?.eveningSummaryTime;
        if (summary !== undefined) {
          await tx.users.setEveningSummaryTime(user.id, summary);
          await reminders.armSummary(tx, user.id, summary);
        }
        // A file exported before languages existed has none: the account keeps its own.
        if (file.preferences?.locale) await tx.users.setLocale(user.id, file.preferences.locale);
        // Likewise a file from before the school's day, or of a student who never chose: the account keeps its own.
        if (file.preferences?.scheduleSource) await tx.users.setScheduleSource(user.id, file.preferences.scheduleSource);
        // A file from before the badge (decision 119) has none: the account keeps its own.
        if (file.preferences?.appBadge !== undefined) await tx.users.setAppBadge(user.id, file.preferences.appBadge);
        // A file from before the study plan (decision 129), or of a student who never set it: the account keeps its own.
        const { studyWindows, dailyStudyLimitMinutes, maxBlockMinutes } = file.preferences ?? {};
        if (studyWindows && dailyStudyLimitMinutes && maxBlockMinutes) {
          await tx.users.setStudyPreferences(user.id, { studyWindows, dailyStudyLimitMinutes, maxBlockMinutes });
        }
        // A file from before the study-block pushes (decision 132) has none: the account keeps its own.
        const blockReminders = file.preferences?.studyBlockReminders;
        if (blockReminders !== undefined) {
          await tx.users.setStudyBlockReminders(user.id, blockReminders);
          await reminders.armStudy(tx, user.id, blockReminders);
        }
        // Grades (issue 53): each class's record with new ids, its items' categories mapped from the file's.
        let gradeCount = 0;
        if (gradeFile?.success) {
          if (gradeFile.data.scale) await tx.grades.setScale(user.id, JSON.stringify(gradeFile.data.scale));
          for (const imported of gradeFile.data.classes) {
            const record = await tx.grades.ensureClass(user.id, imported.subject);
            await tx.grades.setLevel(user.id, record.id, imported.level);
            await tx.grades.replaceCategories(
              user.id,
              record.id,
              imported.categories.map((c) => ({ ...c, id: null })),
            );
            const made = await tx.grades.listCategories(user.id, record.id);
            const newCategory = new Map(imported.categories.map((c, i) => [c.id, made[i]!.id]));
            for (const item of imported.items) {
              await tx.grades.createItem(user.id, record.id, {
                ...item,
                categoryId: item.categoryId === null ? null : (newCategory.get(item.categoryId) ?? null),
              });
              gradeCount++;
            }
          }
        }
        return { tasks: taskData.length, events: rows.length, classes: classes?.length ?? 0, grades: gradeCount };
      });
    },
  };
}
export type DataPortability = ReturnType<typeof createDataPortability>;
