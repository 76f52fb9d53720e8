import { CLASS_NAME_MAX } from "../../core/schemas/classes";
import { ROSTER_CHANGES_SHOWN, type RosterChange, type RosterCsvResult, type RosterRun } from "../../core/schemas/roster-runs";
import type { SessionUser } from "../repositories/sessions";
import { conflict } from "../errors";
import { messageRef } from "../../core/i18n/translate";
import type { JobLogger, JobMetrics, Pass } from "../jobs/worker";
import type { ScheduledJobsRepository } from "../repositories/scheduled-jobs";
import { normalizeEmail, type RosterAccount } from "../repositories/users";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";
import type { RosterRecordKind } from "../repositories/roster-records";
import {
  createOneRosterClient,
  type OneRosterClass,
  type OneRosterConfig,
  type OneRosterEnrollment,
  OneRosterError,
  type OneRosterRole,
  type OneRosterUser,
} from "./oneroster-client";
import type { Clock } from "./reminders";
import { createSingleInstanceJob } from "./scheduled-job";

export const ONEROSTER_JOB = "oneroster-sync";
export const ONEROSTER_OFF = messageRef("admin.oneroster_off");
/** At most this many classes are a student's list (the class editor's own cap). */
const MAX_CLASSES = 30;
/**
 * Between full reads the provider is asked for what changed (deltas by dateLastModified); once a
 * week the whole roster is read again, which also closes the accounts of students a provider
 * dropped without marking them `tobedeleted`.
 */
export const FULL_READ_EVERY_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Records of each kind a read brought: the whole roster of that kind (`whole`: records the
 * roster keeps and the read lacks are gone) or what changed since the last read.
 */
export interface RosterRead {
  users?: { whole: boolean; records: OneRosterUser[] };
  classes?: { whole: boolean; records: OneRosterClass[] };
  enrollments?: { whole: boolean; records: OneRosterEnrollment[] };
  roles?: { whole: boolean; records: OneRosterRole[] };
}
const KINDS: readonly [keyof RosterRead, RosterRecordKind][] = [
  ["users", "user"],
  ["classes", "class"],
  ["enrollments", "enrollment"],
  ["roles", "role"],
];

/** The whole roster, once a read is merged into what the provider gave before. */
interface Roster {
  users: OneRosterUser[];
  classes: OneRosterClass[];
  enrollments: OneRosterEnrollment[];
  roles: OneRosterRole[];
}

/** The staff member who uploaded a roster (a sync on its schedule has none). */
type ActingStaff = Pick<SessionUser, "id" | "email">;

/** A student as the provider lists them, ready to write. */
export interface RosterStudent {
  sourcedId: string;
  active: boolean;
  email: string | null;
  firstName: string;
  lastName: string;
  classes: string[];
}

type Roles = NonNullable<OneRosterUser["roles"]>;
const isStudent = (user: OneRosterUser, roles: Roles | undefined) =>
  roles ? roles.some((r) => r.role === "student") : user.role === "student";
const inSchool = (user: OneRosterUser, roles: Roles | undefined, school: string | null) =>
  school === null || (roles ? roles.some((r) => r.org.sourcedId === school) : (user.orgs ?? []).some((o) => o.sourcedId === school));

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
export function rosterStudents({ users, classes, enrollments, roles }: Roster, school: string | null): RosterStudent[] {
  // Roles as records of their own (roles.csv) stand for the roles a REST user carries inside it.
  const rolesOf = new Map<string, Roles>();
  for (const role of roles) {
    if (role.status !== "active") continue;
    rolesOf.set(role.user.sourcedId, [...(rolesOf.get(role.user.sourcedId) ?? []), { role: role.role, org: role.org }]);
  }
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
    .filter((user) => {
      const userRoles = user.roles ?? rolesOf.get(user.sourcedId);
      return isStudent(user, userRoles) && inSchool(user, userRoles, school);
    })
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
 * Merges a read into the roster kept from the provider's earlier reads (`roster_records`), in the
 * caller's transaction, and answers the whole roster: a record that changed is written, a whole
 * read's missing records are removed, an unchanged one is left alone.
 */
export async function mergeRoster(tx: TransactionScope, read: RosterRead): Promise<Roster> {
  const kept = new Map<RosterRecordKind, Map<string, string>>(KINDS.map(([, kind]) => [kind, new Map()]));
  for (const row of await tx.rosterRecords.all()) kept.get(row.kind)?.set(row.sourced_id, row.record);
  for (const [key, kind] of KINDS) {
    const part = read[key];
    if (!part) continue;
    const records = kept.get(kind)!;
    const incoming = new Map(part.records.map((record) => [record.sourcedId, JSON.stringify(record)]));
    const changed = [...incoming].filter(([id, record]) => records.get(id) !== record);
    await tx.rosterRecords.put(changed.map(([id, record]) => ({ kind, sourced_id: id, record })));
    changed.forEach(([id, record]) => records.set(id, record));
    if (part.whole) {
      const gone = [...records.keys()].filter((id) => !incoming.has(id));
      await tx.rosterRecords.remove(kind, gone);
      gone.forEach((id) => records.delete(id));
    }
  }
  const parsed = <T>(kind: RosterRecordKind) => [...kept.get(kind)!.values()].map((record) => JSON.parse(record) as T);
  return {
    users: parsed<OneRosterUser>("user"),
    classes: parsed<OneRosterClass>("class"),
    enrollments: parsed<OneRosterEnrollment>("enrollment"),
    roles: parsed<OneRosterRole>("role"),
  };
}

/** The latest dateLastModified of a read, as an ISO time (the next delta's start), or the one before when it has none. */
export function watermarkOf(read: RosterRead, before: string | null): string | null {
  let latest = before ? Date.parse(before) : Number.NEGATIVE_INFINITY;
  for (const [key] of KINDS)
    for (const record of read[key]?.records ?? []) {
      // Only a real time goes into the next request's filter: a provider's text never does.
      const at = record.dateLastModified ? Date.parse(record.dateLastModified) : Number.NaN;
      if (Number.isFinite(at) && at > latest) latest = at;
    }
  return Number.isFinite(latest) ? new Date(latest).toISOString() : null;
}

/** What a run did, counted for its report, and student by student for a preview. */
type Applied = Pick<RosterRun, "created" | "updated" | "disabled" | "refused"> & { changes: RosterChange[] };

/**
 * Writes the roster's students in the caller's transaction: accounts keyed on their sourcedId
 * (linked by email to an account that exists), with no password; their class list follows their
 * enrollments unless the student edited it since the last sync; a student the roster marks
 * `tobedeleted` or no longer lists is disabled at once, and signed out.
 */
async function applyRoster(tx: TransactionScope, students: readonly RosterStudent[], now: Date): Promise<Applied> {
  const applied: Applied = { created: 0, updated: 0, disabled: 0, refused: [], changes: [] };
  const nameOf = (student: { firstName: string; lastName: string }) => `${student.firstName} ${student.lastName}`.trim();
  const refuse = (student: RosterStudent, reason: string) => {
    applied.refused.push({ sourcedId: student.sourcedId, reason });
    applied.changes.push({ sourcedId: student.sourcedId, email: student.email, name: nameOf(student), action: "refused", reason });
  };
  const disable = async (account: { id: number; email: string; first_name: string; last_name: string }, sourcedId: string) => {
    await tx.users.disable(account.id, now);
    await tx.sessions.deleteAllForUser(account.id);
    applied.disabled++;
    applied.changes.push({
      sourcedId,
      email: account.email,
      name: nameOf({ firstName: account.first_name, lastName: account.last_name }),
      action: "disabled",
    });
  };
  const accounts = await tx.users.listRosterAccounts();
  const bySource = new Map(accounts.map((a) => [a.roster_source_id!, a]));
  const listed = new Set<string>();
  for (const student of students) {
    listed.add(student.sourcedId);
    const known = bySource.get(student.sourcedId);
    if (!student.active) {
      if (known && !known.disabled_at && !known.is_admin) await disable(known, student.sourcedId);
      continue;
    }
    // The accounts the roster follows were all read at once above; only a new student is looked up, by email.
    let account: RosterAccount | undefined = known;
    if (!account) {
      if (!student.email) {
        refuse(student, "no_email");
        continue;
      }
      account = await tx.users.findByEmail(student.email);
      if (account?.roster_source_id && account.roster_source_id !== student.sourcedId) {
        refuse(student, "email_of_another_student");
        continue;
      }
      if (account?.is_admin) {
        refuse(student, "email_of_staff");
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
        refuse(student, "not_made");
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
      applied.created++;
      applied.changes.push({ sourcedId: student.sourcedId, email: student.email, name: nameOf(student), action: "created" });
      continue;
    }
    const current = JSON.parse(account.user_classes) as string[];
    const given = listOf(account.roster_classes);
    // The student's own edit wins: their list is neither what the roster gave last nor empty.
    const edited = given === null ? current.length > 0 : !sameList(current, given);
    const kept = edited && !sameList(current, student.classes);
    if (kept) applied.refused.push({ sourcedId: student.sourcedId, reason: "classes_kept" });
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
    applied.updated++;
    applied.changes.push({
      sourcedId: student.sourcedId,
      email: account.email,
      name: nameOf(student),
      action: "updated",
      ...(kept ? { reason: "classes_kept" } : {}),
    });
  }
  // No longer listed: disabled, as a tobedeleted one is.
  for (const account of accounts) {
    if (listed.has(account.roster_source_id!) || account.disabled_at || account.is_admin) continue;
    await disable(account, account.roster_source_id!);
  }
  return applied;
}

/** A run as its report records it: where the roster came from, how much of it, when, by whom. */
interface RunContext {
  source: RosterRun["source"];
  mode: RosterRun["mode"];
  /** Where the next delta starts (null for an upload, which no delta follows). */
  watermark: string | null;
  started: Date;
  actor: ActingStaff | null;
}

/** A preview's answer, carried out of the transaction it rolls back. */
class PreviewRolledBack extends Error {
  constructor(readonly applied: Applied) {
    super("roster preview rolled back");
  }
}

/**
 * Rosters from the student information system (issue 55, decision 138): the provider's students
 * become accounts (applyRoster), from a OneRoster provider's REST API on a schedule or from its CSV
 * binding uploaded by staff, both merged into the roster kept from earlier reads. Everything a
 * run changes is one transaction: a provider's bad answer fails the run and changes nothing. One
 * instance syncs at a time (a scheduled job's lease); each run is reported to staff and audited.
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

  /**
   * Merges a read, writes its students and records the run, in one transaction (a preview's is
   * rolled back: what it would do, nothing done).
   */
  async function run(read: RosterRead, how: RunContext & { preview: boolean }): Promise<{ run: RosterRun | null; applied: Applied }> {
    try {
      return await transaction(async (tx) => {
        const roster = await mergeRoster(tx, read);
        const applied = await applyRoster(tx, rosterStudents(roster, config?.school ?? null), how.started);
        if (how.preview) throw new PreviewRolledBack(applied);
        const { changes: _changes, ...counts } = applied;
        const outcome = { status: "ok" as const, reason: null, ...counts };
        return { run: await report(tx, how, outcome, null), applied };
      });
    } catch (error) {
      if (error instanceof PreviewRolledBack) return { run: null, applied: error.applied };
      throw error;
    }
  }

  /** The run's report for staff and its audit entry (the failure's detail for the operator, never a record's contents). */
  async function report(
    tx: TransactionScope,
    how: RunContext,
    outcome: Pick<RosterRun, "status" | "reason" | "created" | "updated" | "disabled" | "refused">,
    failureDetail: string | null,
  ): Promise<RosterRun> {
    const finished = clock();
    const recorded = await tx.rosterRuns.record({
      source: how.source,
      mode: how.mode,
      watermark: how.watermark,
      startedAt: how.started,
      finishedAt: finished,
      ...outcome,
    });
    await tx.auditLog.record(
      {
        actorUserId: how.actor?.id ?? null,
        actorEmail: how.actor?.email ?? null,
        action: "ROSTER_SYNCED",
        target: null,
        details: {
          source: recorded.source,
          mode: recorded.mode,
          status: recorded.status,
          ...(failureDetail ? { reason: recorded.reason, detail: failureDetail } : {}),
          created: recorded.created,
          updated: recorded.updated,
          disabled: recorded.disabled,
          refused: recorded.refused.length,
        },
      },
      finished,
    );
    return recorded;
  }

  /**
   * One sync against the provider: what changed since the last good run (the whole roster at
   * first and once a week), read before anything is written, then merged and written at once.
   */
  async function sync(pass?: Pass): Promise<RosterRun> {
    if (!config) throw conflict(ONEROSTER_OFF);
    const started = clock();
    const last = await transaction((tx) => tx.rosterRuns.lastGood("oneroster"));
    const full = !last.watermark || !last.lastFullAt || started.getTime() - Date.parse(last.lastFullAt) >= FULL_READ_EVERY_MS;
    const since = full ? undefined : last.watermark!;
    const how = { source: "oneroster" as const, mode: full ? ("full" as const) : ("delta" as const), started, actor: null, preview: false };
    let read: RosterRead;
    try {
      const client = createOneRosterClient(config, {
        ...(pass ? { signal: pass.signal } : {}),
        ...(options.requestTimeoutMs ? { timeoutMs: options.requestTimeoutMs } : {}),
      });
      read = {
        users: { whole: full, records: await client.users(since) },
        classes: { whole: full, records: await client.classes(since) },
        enrollments: { whole: full, records: await client.enrollments(since) },
      };
    } catch (error) {
      if (!(error instanceof OneRosterError)) throw error;
      // The report names the kind; the log has the detail.
      const outcome = { status: "failed" as const, reason: error.kind, created: 0, updated: 0, disabled: 0, refused: [] };
      return transaction((tx) => report(tx, { ...how, watermark: last.watermark }, outcome, error.message));
    }
    return (await run(read, { ...how, watermark: watermarkOf(read, since ?? null) })).run!;
  }

  return {
    configured: config !== null,
    sync,
    runs: () => transaction((tx) => tx.rosterRuns.list(50)),

    /**
     * POST /api/admin/roster/oneroster-csv: a OneRoster CSV bundle's read (bulk or delta) merged
     * and written as a sync is, by staff; a preview answers what it would do and writes nothing.
     */
    async importRead(actor: ActingStaff, read: RosterRead, preview: boolean): Promise<RosterCsvResult> {
      const mode = read.users?.whole ? "full" : "delta";
      const done = await run(read, { source: "csv", mode, watermark: null, started: clock(), actor, preview });
      const { changes, ...counts } = done.applied;
      return {
        preview,
        mode,
        ...counts,
        changes: changes.slice(0, ROSTER_CHANGES_SHOWN),
        moreChanges: Math.max(0, changes.length - ROSTER_CHANGES_SHOWN),
        run: done.run,
      };
    },

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
          log.info(
            { roster: { status: run.status, mode: run.mode, created: run.created, updated: run.updated, disabled: run.disabled } },
            "roster synced",
          ),
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
