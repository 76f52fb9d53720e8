import { CLASS_NAME_MAX } from "../../core/schemas/classes";
import type { RosterRun } from "../../core/schemas/roster-runs";
import { conflict } from "../errors";
import { messageRef } from "../../core/i18n/translate";
import type { JobLogger, JobMetrics, Pass } from "../jobs/worker";
import type { ScheduledJobsRepository } from "../repositories/scheduled-jobs";
import { normalizeEmail } from "../repositories/users";
import type { RunInTransaction } from "../repositories/transaction";
import {
  createOneRosterClient,
  type OneRosterClass,
  type OneRosterConfig,
  type OneRosterEnrollment,
  OneRosterError,
  type OneRosterUser,
} from "./oneroster-client";
import type { Clock } from "./reminders";
import { createSingleInstanceJob } from "./scheduled-job";

export const ONEROSTER_JOB = "oneroster-sync";
export const ONEROSTER_OFF = messageRef("admin.oneroster_off");
/** At most this many classes are a student's list (the class editor's own cap). */
const MAX_CLASSES = 30;

/** A student as the provider lists them, ready to write. */
export interface RosterStudent {
  sourcedId: string;
  active: boolean;
  email: string | null;
  firstName: string;
  lastName: string;
  classes: string[];
}

const isStudent = (user: OneRosterUser) => (user.roles ? user.roles.some((r) => r.role === "student") : user.role === "student");
const inSchool = (user: OneRosterUser, school: string | null) =>
  school === null ||
  (user.roles ? user.roles.some((r) => r.org.sourcedId === school) : (user.orgs ?? []).some((o) => o.sourcedId === school));

/** "Biology (3)": a class's title, with its period where the provider gives one, as the class list names it. */
export function className(cls: OneRosterClass): string {
  const periods = (cls.periods ?? []).filter(Boolean);
  const name = periods.length > 0 ? `${cls.title} (${periods.join(", ")})` : cls.title;
  return name.slice(0, CLASS_NAME_MAX).trim();
}

/**
 * The students of a provider's roster (pure): its users whose role is student (in ONEROSTER_SCHOOL
 * when set), each with the classes of their active enrollments as a student, by title and period.
 * Teachers are not given accounts; a class with two teachers is one class.
 */
export function rosterStudents(
  users: readonly OneRosterUser[],
  classes: readonly OneRosterClass[],
  enrollments: readonly OneRosterEnrollment[],
  school: string | null,
): RosterStudent[] {
  const classById = new Map(classes.filter((c) => c.status === "active").map((c) => [c.sourcedId, c]));
  const classesOf = new Map<string, string[]>();
  for (const enrollment of enrollments) {
    if (enrollment.status !== "active" || enrollment.role !== "student") continue;
    const cls = classById.get(enrollment.class.sourcedId);
    if (!cls) continue;
    const list = classesOf.get(enrollment.user.sourcedId) ?? [];
    const name = className(cls);
    if (!list.includes(name)) list.push(name);
    classesOf.set(enrollment.user.sourcedId, list);
  }
  return users
    .filter((user) => isStudent(user) && inSchool(user, school))
    .map((user) => ({
      sourcedId: user.sourcedId,
      active: user.status === "active",
      email: user.email ? normalizeEmail(user.email) : null,
      firstName: user.givenName.trim(),
      lastName: user.familyName.trim(),
      classes: (classesOf.get(user.sourcedId) ?? []).sort((a, b) => a.localeCompare(b)).slice(0, MAX_CLASSES),
    }));
}

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item, i) => item === b[i]);
const listOf = (json: string | null): string[] | null => (json === null ? null : (JSON.parse(json) as string[]));

/**
 * Rosters from the student information system (issue 55, decision 138): the provider's students
 * become accounts keyed on their sourcedId (linked by email to an account that exists), with no
 * password (they sign in through the school's provider); their class list follows their
 * enrollments unless the student edited it since the last sync; a student the provider marks
 * `tobedeleted` or no longer lists is disabled at once (the retention policy deletes it later).
 * Everything a run changes is one transaction: a provider's bad answer fails the run and changes
 * nothing. One instance syncs at a time (a scheduled job's lease); each run is reported to staff.
 */
export function createOneRosterSync(options: {
  transaction: RunInTransaction;
  scheduledJobs: ScheduledJobsRepository;
  clock: Clock;
  config: OneRosterConfig | null;
  everyMinutes: number;
  /** Tests: a shorter wait for each of the provider's answers. */
  requestTimeoutMs?: number;
}) {
  const { transaction, scheduledJobs, clock, config } = options;
  const wakers = new Set<{ wake(): void }>();

  /** Writes the roster's students, all or nothing; answers the run's counts. */
  async function apply(students: readonly RosterStudent[], now: Date) {
    const counts = { created: 0, updated: 0, disabled: 0, refused: [] as { sourcedId: string; reason: string }[] };
    await transaction(async (tx) => {
      const accounts = await tx.users.listRosterAccounts();
      const bySource = new Map(accounts.map((a) => [a.roster_source_id!, a]));
      const listed = new Set<string>();
      for (const student of students) {
        listed.add(student.sourcedId);
        const known = bySource.get(student.sourcedId);
        if (!student.active) {
          if (known && !known.disabled_at && !known.is_admin) {
            await tx.users.disable(known.id, now);
            await tx.sessions.deleteAllForUser(known.id);
            counts.disabled++;
          }
          continue;
        }
        let account = known ? await tx.users.findById(known.id) : undefined;
        if (!account) {
          if (!student.email) {
            counts.refused.push({ sourcedId: student.sourcedId, reason: "no_email" });
            continue;
          }
          account = await tx.users.findByEmail(student.email);
          if (account?.roster_source_id && account.roster_source_id !== student.sourcedId) {
            counts.refused.push({ sourcedId: student.sourcedId, reason: "email_of_another_student" });
            continue;
          }
          if (account?.is_admin) {
            counts.refused.push({ sourcedId: student.sourcedId, reason: "email_of_staff" });
            continue;
          }
        }
        if (!account) {
          const made = await tx.users.create({
            email: student.email!,
            passwordHash: null,
            firstName: student.firstName || student.email!.split("@")[0]!,
            lastName: student.lastName,
            isAdmin: false,
          });
          if (!made) {
            counts.refused.push({ sourcedId: student.sourcedId, reason: "not_made" });
            continue;
          }
          await tx.users.applyRoster(
            made.id,
            {
              sourcedId: student.sourcedId,
              firstName: made.first_name,
              lastName: made.last_name,
              userClasses: student.classes,
              rosterClasses: student.classes,
            },
            now,
          );
          counts.created++;
          continue;
        }
        const current = JSON.parse(account.user_classes) as string[];
        const given = listOf(account.roster_classes);
        // The student's own edit wins: their list is neither what the roster gave last nor empty.
        const edited = given === null ? current.length > 0 : !sameList(current, given);
        if (edited && !sameList(current, student.classes)) counts.refused.push({ sourcedId: student.sourcedId, reason: "classes_kept" });
        const changed =
          account.roster_source_id !== student.sourcedId ||
          account.disabled_at !== null ||
          account.first_name !== (student.firstName || account.first_name) ||
          account.last_name !== student.lastName ||
          given === null ||
          !sameList(given, student.classes) ||
          (!edited && !sameList(current, student.classes));
        if (!changed) continue;
        await tx.users.applyRoster(
          account.id,
          {
            sourcedId: student.sourcedId,
            firstName: student.firstName || account.first_name,
            lastName: student.lastName,
            ...(edited ? {} : { userClasses: student.classes }),
            rosterClasses: student.classes,
          },
          now,
        );
        counts.updated++;
      }
      // No longer listed: disabled, as a tobedeleted one is.
      for (const account of accounts) {
        if (listed.has(account.roster_source_id!) || account.disabled_at || account.is_admin) continue;
        await tx.users.disable(account.id, now);
        await tx.sessions.deleteAllForUser(account.id);
        counts.disabled++;
      }
    });
    return counts;
  }

  /** One sync against the provider: read everything, then write it all in one transaction, and report it. */
  async function sync(pass?: Pass): Promise<RosterRun> {
    if (!config) throw conflict(ONEROSTER_OFF);
    const started = clock();
    let outcome: Omit<RosterRun, "id" | "source" | "startedAt" | "finishedAt">;
    let failureDetail: string | null = null;
    try {
      const client = createOneRosterClient(config, {
        ...(pass ? { signal: pass.signal } : {}),
        ...(options.requestTimeoutMs ? { timeoutMs: options.requestTimeoutMs } : {}),
      });
      const [users, classes, enrollments] = [await client.users(), await client.classes(), await client.enrollments()];
      const counts = await apply(rosterStudents(users, classes, enrollments, config.school), started);
      outcome = { status: "ok", reason: null, ...counts };
    } catch (error) {
      if (!(error instanceof OneRosterError)) throw error;
      // The report names the kind; the log has the detail.
      failureDetail = error.message;
      outcome = { status: "failed", reason: error.kind, created: 0, updated: 0, disabled: 0, refused: [] };
    }
    const finished = clock();
    return transaction(async (tx) => {
      const run = await tx.rosterRuns.record({ source: "oneroster", startedAt: started, finishedAt: finished, ...outcome });
      await tx.auditLog.record(
        {
          actorUserId: null,
          actorEmail: null,
          action: "ROSTER_SYNCED",
          target: null,
          details: {
            status: run.status,
            ...(failureDetail ? { reason: run.reason, detail: failureDetail } : {}),
            created: run.created,
            updated: run.updated,
            disabled: run.disabled,
            refused: run.refused.length,
          },
        },
        finished,
      );
      return run;
    });
  }

  return {
    configured: config !== null,
    sync,
    runs: () => transaction((tx) => tx.rosterRuns.list(50)),

    /** POST /api/admin/roster/runs: the sync is due now, and this instance looks at once. */
    async requestRun(): Promise<void> {
      if (!config) throw conflict(ONEROSTER_OFF);
      await scheduledJobs.ensure(ONEROSTER_JOB, clock(), true);
      wakers.forEach((worker) => worker.wake());
    },

    /** This instance's sync job (when ONEROSTER_URL is set): at start-up, then every ONEROSTER_SYNC_MINUTES, one instance at a time. */
    worker(log: JobLogger, settings: { checkEveryMs: number; metrics?: JobMetrics }) {
      const worker = createSingleInstanceJob({
        name: ONEROSTER_JOB,
        scheduledJobs,
        clock,
        everyMs: options.everyMinutes * 60_000,
        checkEveryMs: settings.checkEveryMs,
        leaseMs: 30 * 60_000,
        run: sync,
        onReport: (run) =>
          log.info({ roster: { status: run.status, created: run.created, updated: run.updated, disabled: run.disabled } }, "roster synced"),
        failureMessage: "roster sync failed; trying again at the next pass",
        log,
        ...(settings.metrics ? { metrics: settings.metrics } : {}),
      });
      wakers.add(worker);
      return worker;
    },
  };
}
export type OneRosterSync = ReturnType<typeof createOneRosterSync>;
