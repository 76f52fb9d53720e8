import type { Executor } from "../db/connection";
import { createAnnouncementsRepository } from "./announcements";
import { createAuditLogRepository } from "./audit-log";
import { createCalendarFeedsRepository } from "./calendar-feeds";
import { createCaldavObjectsRepository } from "./caldav-objects";
import { createDevicePasswordsRepository } from "./device-passwords";
import { createEventsRepository } from "./events";
import { createFocusSessionsRepository } from "./focus-sessions";
import { createGradesRepository } from "./grades";
import { createGuardiansRepository } from "./guardians";
import { createTwoFactorRepository } from "./two-factor";
import { createScheduledJobsRepository } from "./scheduled-jobs";
import { createRosterRecordsRepository } from "./roster-records";
import { createRosterRunsRepository } from "./roster-runs";
import { createMailOutboxRepository } from "./mail-outbox";
import { createPasswordResetTokensRepository } from "./password-reset-tokens";
import { createIdempotencyKeysRepository } from "./idempotency-keys";
import { createLmsFeedsRepository } from "./lms-feeds";
import { createPushSubscriptionsRepository } from "./push-subscriptions";
import { createRateLimitsRepository } from "./rate-limits";
import { createRemindersRepository } from "./reminders";
import { createSchoolRepository } from "./school";
import { createSessionsRepository } from "./sessions";
import { createSettingsRepository } from "./settings";
import { createSsoLoginsRepository } from "./sso-logins";
import { createTasksRepository } from "./tasks";
import { createUserIdentitiesRepository } from "./user-identities";
import { createUsersRepository } from "./users";

/**
 * Every repository over one executor: the database for the app's everyday calls, or a
 * transaction handle inside `inTransaction`, so the same repository code runs either way.
 */
export function createRepositories(db: Executor) {
  return {
    users: createUsersRepository(db),
    sessions: createSessionsRepository(db),
    settings: createSettingsRepository(db),
    tasks: createTasksRepository(db),
    events: createEventsRepository(db),
    focusSessions: createFocusSessionsRepository(db),
    grades: createGradesRepository(db),
    guardians: createGuardiansRepository(db),
    twoFactor: createTwoFactorRepository(db),
    scheduledJobs: createScheduledJobsRepository(db),
    rosterRuns: createRosterRunsRepository(db),
    rosterRecords: createRosterRecordsRepository(db),
    devicePasswords: createDevicePasswordsRepository(db),
    caldavObjects: createCaldavObjectsRepository(db),
    rateLimits: createRateLimitsRepository(db),
    auditLog: createAuditLogRepository(db),
    idempotencyKeys: createIdempotencyKeysRepository(db),
    pushSubscriptions: createPushSubscriptionsRepository(db),
    reminders: createRemindersRepository(db),
    calendarFeeds: createCalendarFeedsRepository(db),
    userIdentities: createUserIdentitiesRepository(db),
    ssoLogins: createSsoLoginsRepository(db),
    school: createSchoolRepository(db),
    announcements: createAnnouncementsRepository(db),
    mailOutbox: createMailOutboxRepository(db),
    passwordResetTokens: createPasswordResetTokensRepository(db),
    lmsFeeds: createLmsFeedsRepository(db),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
