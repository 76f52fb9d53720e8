import type { AppConfig } from "../config";
import { openChangeFeed } from "../db/change-feed";
import type { Db } from "../db/connection";
import { inTransaction, type TransactionScope } from "../repositories/transaction";
import { createRepositories } from "../repositories/create-repositories";
import { createHealthRepository } from "../repositories/health";
import { createAccountService } from "./account-service";
import { type AnnouncementWorkerOptions, createAnnouncementsService, createAnnouncementWorker } from "./announcements";
import { createAdminService } from "./admin-service";
import { createMailWorker, createSmtpTransport, type MailWorkerOptions } from "./mail-worker";
import { createPasswordResetService } from "./password-reset";
import { createEventSeriesService } from "./event-series";
import { createGradesService } from "./grades";
import { createGuardiansService } from "./guardians";
import { createTwoFactorService } from "./two-factor";
import { createRetentionService } from "./retention";
import { createOneRosterSync } from "./oneroster-sync";
import { createGuardianDigests } from "./guardian-digests";
import { createHealthService } from "./health";
import { createIdempotencyService } from "./idempotency";
import { NO_METRICS } from "./metrics-sink";
import { createMetrics } from "../metrics";
import { type AuthRateLimits, createAuthRateLimiter, DEFAULT_AUTH_RATE_LIMITS, scaleLimits } from "./rate-limiter";
import { createCalendarFeedService } from "./calendar-feed";
import { createDataPortability } from "./data-portability";
import { createPreferencesService } from "./preferences";
import { createPushService } from "./push-service";
import { createSchoolService } from "./school";
import { createReminderScheduler, type ReminderSchedulerOptions } from "./reminder-scheduler";
import { type Clock, createReminderPlanner } from "./reminders";
import { createLiveStreams } from "./live-streams";
import { createSessionCache, type SessionCacheOptions } from "./session-cache";
import { createSessionService } from "./session-service";
import { createSsoService } from "./sso";
import { createTaskWrites } from "./task-writes";
import { createFocusSessionsService } from "./focus-sessions";
import { createDevicePasswordsService } from "./device-passwords";
import { createCaldavService } from "./caldav";
import { createStudyPlanService } from "./study-plan";
import { createLmsFeedRefresher, createLmsFeedService, type LmsFeedServiceOptions } from "./lms-feeds";
import { createJobRegistry, type JobRegistry } from "../jobs/registry";
import type { JobLogger } from "../jobs/worker";
import { createHousekeeping } from "./housekeeping";

/**
 * The app's own services, built once and handed to the routes. The database handle stays in
 * here: routes reach data only through repositories and services.
 */
export interface ServicesOptions {
  authRateLimits?: AuthRateLimits;
  /** The reminders' clock. */
  clock?: Clock;
  /** The time sessions are judged by (expiry, last seen). */
  sessionClock?: Clock;
  sessionCache?: SessionCacheOptions;
  /** How often an open stream gets its keep-alive comment (decision 114). */
  liveHeartbeatMs?: number;
  /** The OneRoster client's wait for each answer (tests of a slow provider). */
  oneRosterTimeoutMs?: number;
  /** The LMS feed fetcher's test hooks (a host name resolving to loopback). */
  lmsFetch?: LmsFeedServiceOptions["fetchOptions"];
}

export function createServices(config: AppConfig, db: Db, options: ServicesOptions = {}) {
  const repositories = createRepositories(db);
  const transaction = <T>(work: (tx: TransactionScope) => Promise<T>) => inTransaction(db, work);
  const clock = options.clock ?? (() => new Date());
  const reminderPlanner = createReminderPlanner({ timeZone: config.timeZone, clock });
  // Changes to sessions and users as this instance learns of them, and the sessions it keeps (decision 093).
  const changeFeed = openChangeFeed(db, config.database);
  const sessionCache = createSessionCache(changeFeed, options.sessionCache);
  // Metrics exist only when something may read them (METRICS_TOKEN, decision 105): otherwise nothing is measured at all.
  const metrics = config.metricsToken ? createMetrics({ db, sessionCache }) : null;
  const metricsSink = metrics?.sink ?? NO_METRICS;
  const sessionService = createSessionService({
    sessions: repositories.sessions,
    cache: sessionCache,
    settleChanges: () => changeFeed.settle(),
    ...(options.sessionClock ? { now: options.sessionClock } : {}),
  });
  const authRateLimiter = createAuthRateLimiter(
    repositories.rateLimits,
    options.authRateLimits ?? scaleLimits(DEFAULT_AUTH_RATE_LIMITS, config.authRateLimitMultiplier),
  );
  /** Two-step verification (issue 55, decision 136); in place of the repository of that name. */
  const twoFactor = createTwoFactorService({ transaction, authRateLimiter, sessionService, clock: options.sessionClock ?? clock });
  const push = createPushService({
    config,
    settings: repositories.settings,
    pushSubscriptions: repositories.pushSubscriptions,
    users: repositories.users,
    transaction,
    metrics: metricsSink,
  });
  // This instance's outbox workers (main.ts starts one), woken when an announcement is created here.
  const announcementWorkers = new Set<{ wake(): void }>();
  const announcements = createAnnouncementsService({
    transaction,
    announcements: repositories.announcements,
    clock,
    onCreated: () => announcementWorkers.forEach((worker) => worker.wake()),
  });
  // This instance's mail workers (main.ts starts one when SMTP_URL is set), woken when a mail is written here.
  const mailWorkers = new Set<{ wake(): void }>();
  const taskWrites = createTaskWrites(transaction, reminderPlanner);
  const eventSeries = createEventSeriesService(transaction, reminderPlanner);
  const schoolDay = createSchoolService({
    transaction,
    school: repositories.school,
    users: repositories.users,
    announce: announcements.createIn,
    timeZone: config.timeZone,
  });
  /** The study plan (issue 51, decision 129): its endpoint's, and the reminder scan's for a block starting (decision 132). */
  const studyPlan = createStudyPlanService({
    tasks: repositories.tasks,
    events: repositories.events,
    schoolDay,
    clock,
    timeZone: config.timeZone,
  });
  /** The calendar feed (decision 092), whose school part the CalDAV school calendar shares. */
  const calendarFeedService = createCalendarFeedService({
    settings: repositories.settings,
    calendarFeeds: repositories.calendarFeeds,
    school: repositories.school,
    timeZone: config.timeZone,
    clock,
  });
  const services = {
    config,
    clock,
    ...repositories,
    reminderPlanner,
    taskWrites,
    twoFactor,
    /** The focus timer's sessions (issue 51); in place of the repository of that name. */
    focusSessions: createFocusSessionsService({ transaction, clock, timeZone: config.timeZone }),
    /** A student's parents and guardians (issue 54); in place of the repository of that name. */
    guardians: createGuardiansService({
      transaction,
      clock,
      publicUrl: config.mail && config.publicUrl ? config.publicUrl : null,
      onMailWritten: () => mailWorkers.forEach((worker) => worker.wake()),
      timeZone: config.timeZone,
      digestTime: config.guardianDigestTime,
    }),
    /** The retention policy (issue 55, decision 137): its sweep, the admin's dry run, a cohort's deletion. */
    retention: createRetentionService({
      transaction,
      scheduledJobs: repositories.scheduledJobs,
      clock,
      inactiveDays: config.retentionInactiveDays,
      auditDays: config.auditRetentionDays,
      disabledDays: config.retentionDisabledDays,
      publicUrl: config.mail && config.publicUrl ? config.publicUrl : null,
      onMailWritten: () => mailWorkers.forEach((worker) => worker.wake()),
    }),
    /** Rosters from the student information system over OneRoster 1.2 (issue 55, decision 138). */
    oneRoster: createOneRosterSync({
      transaction,
      scheduledJobs: repositories.scheduledJobs,
      clock,
      config: config.oneRoster,
      everyMinutes: config.oneRosterSyncMinutes,
      ...(options.oneRosterTimeoutMs ? { requestTimeoutMs: options.oneRosterTimeoutMs } : {}),
    }),
    /** The families' digests (issue 54, decision 135); null when no mail is sent. */
    guardianDigests:
      config.mail && config.publicUrl
        ? createGuardianDigests({
            transaction,
            studyPlan,
            schoolDay,
            clock,
            timeZone: config.timeZone,
            digestTime: config.guardianDigestTime,
            publicUrl: config.publicUrl,
            onMailWritten: () => mailWorkers.forEach((worker) => worker.wake()),
          })
        : null,
    /** The student's grades (issue 53); in place of the repository of that name. */
    grades: createGradesService({ transaction }),
    /** Calendar apps' passwords for CalDAV (issue 52); in place of the repository of that name. */
    devicePasswords: createDevicePasswordsService({ transaction, clock }),
    /** The CalDAV server's sign-in and calendars' change tags (issue 52). */
    caldav: createCaldavService({
      transaction,
      taskWrites,
      eventSeries,
      authRateLimiter,
      school: repositories.school,
      calendarFeed: calendarFeedService,
      clock,
      timeZone: config.timeZone,
    }),
    /** LMS calendar feeds (decision 117); in place of the repository of that name. */
    lmsFeeds: createLmsFeedService({
      transaction,
      lmsFeeds: repositories.lmsFeeds,
      taskWrites,
      eventSeries,
      config,
      clock,
      ...(options.lmsFetch ? { fetchOptions: options.lmsFetch } : {}),
    }),
    preferences: createPreferencesService(transaction, reminderPlanner, repositories),
    /** The school's schedule, events and the students' agenda (decision 112). */
    schoolDay,
    studyPlan,
    /** The school's announcements (decision 113); in place of the repository of that name, which services reach through it. */
    announcements,
    /** An outbox worker for this instance (decision 113); main.ts starts one, tests call runOnce. */
    announcementWorker: (log: AnnouncementWorkerOptions["log"], overrides: Partial<Omit<AnnouncementWorkerOptions, "log">> = {}) => {
      const worker = createAnnouncementWorker({
        announcements: repositories.announcements,
        push,
        log,
        scanIntervalMs: config.reminderScanSeconds * 1000,
        metrics: metricsSink,
        ...overrides,
      });
      announcementWorkers.add(worker);
      return worker;
    },
    /** Forgot password by email (decision 115); null when no mail is sent (no SMTP_URL). */
    passwordReset:
      config.mail && config.publicUrl
        ? createPasswordResetService({
            users: repositories.users,
            passwordResetTokens: repositories.passwordResetTokens,
            authRateLimiter,
            sessionService,
            transaction,
            publicUrl: config.publicUrl,
            clock,
            onMailWritten: () => mailWorkers.forEach((worker) => worker.wake()),
            twoFactor,
          })
        : null,
    /**
     * A mail outbox worker for this instance (decision 115): over SMTP_URL unless a test gives its
     * own transport; null when no mail is sent. main.ts starts one, tests call runOnce.
     */
    mailWorker: (log: MailWorkerOptions["log"], overrides: Partial<Omit<MailWorkerOptions, "log" | "outbox">> = {}) => {
      if (!config.mail) return null;
      const worker = createMailWorker({
        outbox: repositories.mailOutbox,
        transport: overrides.transport ?? createSmtpTransport(config.mail),
        log,
        scanIntervalMs: config.reminderScanSeconds * 1000,
        clock,
        metrics: metricsSink,
        ...overrides,
      });
      mailWorkers.add(worker);
      return worker;
    },
    calendarFeed: calendarFeedService,
    dataPortability: createDataPortability({
      transaction,
      users: repositories.users,
      tasks: repositories.tasks,
      events: repositories.events,
      focusSessions: repositories.focusSessions,
      grades: repositories.grades,
      reminders: reminderPlanner,
    }),
    health: createHealthService(createHealthRepository(db), { timeoutMs: config.databaseConnectTimeoutMs }),
    idempotency: createIdempotencyService(transaction),
    eventSeries,
    changeFeed,
    /** This instance's open `GET /api/stream`s (decision 114). */
    liveStreams: createLiveStreams(changeFeed, options.liveHeartbeatMs ? { heartbeatMs: options.liveHeartbeatMs } : {}),
    sessionCache,
    /** The instance's metrics, or null when /metrics is off. */
    metrics,
    sessionService,
    authRateLimiter,
    admin: createAdminService({
      users: repositories.users,
      settings: repositories.settings,
      auditLog: repositories.auditLog,
      rateLimits: repositories.rateLimits,
      sessionService,
      transaction,
      configuredPasscode: config.adminPasscode,
      adminEmails: config.adminEmails,
      singleSignOn: config.oidcProviders.length > 0,
      twoFactor: repositories.twoFactor,
    }),
    push,
    /** This instance's reminder scheduler (decision 089); main.ts starts it, tests call scanOnce. */
    reminderScheduler: (log: ReminderSchedulerOptions["log"], scanIntervalMs = config.reminderScanSeconds * 1000) =>
      createReminderScheduler({
        transaction,
        reminders: repositories.reminders,
        planner: reminderPlanner,
        studyPlan,
        push,
        timeZone: config.timeZone,
        clock,
        scanIntervalMs,
        log,
        metrics: metricsSink,
      }),
    accounts: createAccountService({
      users: repositories.users,
      authRateLimiter,
      sessionService,
      transaction,
      adminEmails: config.adminEmails,
      registrationMode: config.registrationMode,
      twoFactor,
      ...(options.sessionClock ? { now: options.sessionClock } : {}),
    }),
    /** Signing in with the school's identity providers (decision 110). */
    sso: createSsoService({
      config,
      ssoLogins: repositories.ssoLogins,
      sessionService,
      transaction,
      ...(options.sessionClock ? { now: options.sessionClock } : {}),
    }),
  };
  return {
    ...services,
    /**
     * This instance's background jobs as one set (decision 125), each on the one worker runner:
     * serve.ts starts them once the server listens and stops them together on SIGTERM, every pass
     * under way finished or its work given back, before the database closes.
     */
    backgroundJobs(log: JobLogger): JobRegistry {
      const mail = services.mailWorker(log);
      return createJobRegistry([
        createHousekeeping(services, log, { metrics: metricsSink }),
        createLmsFeedRefresher(services.lmsFeeds, log, { intervalMs: config.lmsFeedScanSeconds * 1000, metrics: metricsSink }),
        services.reminderScheduler(log),
        services.announcementWorker(log),
        ...(mail ? [mail] : []),
        ...(services.guardianDigests
          ? [services.guardianDigests.worker(log, { intervalMs: config.reminderScanSeconds * 1000, metrics: metricsSink })]
          : []),
        services.retention.worker(log, { checkEveryMs: 5 * 60 * 1000, metrics: metricsSink }),
        ...(services.oneRoster.configured ? [services.oneRoster.worker(log, { checkEveryMs: 60 * 1000, metrics: metricsSink })] : []),
      ]);
    },
  };
}
export type Services = ReturnType<typeof createServices>;
