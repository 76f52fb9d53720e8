import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { Locale } from "../../core/i18n/locale";

// Booleans are stored as 0/1 integers and instants as ISO-8601 UTC text in both engines,
// so one query path serves SQLite and PostgreSQL alike (docs/decisions/003-portable-column-types.md).

export interface UsersTable {
  id: Generated<number>;
  email: string; // always lower case: emails compare case-insensitively
  /** Null for an account that signs in only through the school's identity provider (decision 110). */
  password_hash: string | null;
  first_name: string;
  last_name: string;
  profile_image_url: string | null;
  is_admin: number;
  password_reset_required: number;
  /** When a temporary password from an admin reset stops working. */
  temporary_password_expires_at: string | null;
  /** JSON array of class names (userClasses, docs/product.md#classes-and-subjects). */
  user_classes: string;
  /** Bumped by triggers with every write to the user's tasks, events or classes: list ETags come from it (docs/decisions/066). */
  data_version: Generated<number>;
  /** HH:mm of the evening summary push, null when off (decision 089). */
  evening_summary_time: string | null;
  /** JSON of the school day (bell times, school days, rotation, days off; decision 090), null until set. */
  school_schedule: string | null;
  /** "en" or "es": the language the account reads (decision 108). */
  locale: Generated<Locale>;
  /** "school" or "mine" as the student chose; null until they choose (decision 112). */
  schedule_source: "school" | "mine" | null;
  /** 1 when the installed app's icon shows the count of tasks due today or overdue, 0 when the student turned it off (decision 119). */
  app_badge: Generated<number>;
  /** JSON of the study plan's settings (study windows, daily limit, longest block; decision 129), null until set. */
  study_preferences: string | null;
  /** 1 when a push tells the student a study block starts (decision 132); 0, the default, when not. */
  study_block_reminders: Generated<number>;
  /** JSON of the student's grading scale (cut-offs, plus and minus; decision 134), null for the default. */
  grade_scale: string | null;
  /** When the account last began a session (issue 55, the retention policy); the migration's time for older accounts. */
  last_sign_in_at: string | null;
  /** When the retention policy's notice was mailed, null before (or once the account was used again after it). */
  retention_notice_at: string | null;
  /** The OneRoster sourcedId the account follows (issue 55), null for one the roster does not manage. */
  roster_source_id: string | null;
  /** JSON of the class list the roster last gave; a different user_classes was the student's own edit. */
  roster_classes: string | null;
  /** When the roster closed the account (tobedeleted, or no longer listed): no sign-in after it. */
  disabled_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's session id; the id itself is never stored. */
  id_hash: string;
  user_id: number;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  /** Absolute end of the session, whatever the activity. */
  expires_at: string;
  /** Set when the admin passcode step-up succeeded (admin issue). */
  admin_unlocked_at: string | null;
}

export interface AppSettingsTable {
  key: string;
  value: string; // JSON
  updated_at: string;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  window_ends_at: string;
}

export interface TasksTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: string | null;
  subject: string | null;
  due_date: string | null;
  due_time: string | null;
  priority: string;
  recurring: string | null;
  completed: number;
  /** One of REMINDER_TIMINGS (core/reminders.ts), null for none. */
  reminder: string | null;
  /** Whole minutes the student expects the task to take (5-600), null for none (decision 129). */
  estimate_minutes: number | null;
  /** The sum of its focus sessions' minutes, kept with each session's write (issue 51). */
  spent_minutes: Generated<number>;
  /** When it was completed, ISO-8601 UTC; null while it is not (issue 51). */
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A calendar app's password for CalDAV (issue 52): named by the student, kept only as its SHA-256. */
export interface DevicePasswordsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** SHA-256 (hex) of the password, shown to the student once and never stored. */
  password_hash: string;
  created_at: string;
  /** When a calendar app last signed in with it (to the minute), null until one has. */
  last_used_at: string | null;
}

/** An object a calendar app made over CalDAV (issue 52): its address and UID, and what the app keeps of it unread (JSON). */
export interface CaldavObjectsTable {
  id: Generated<number>;
  user_id: number;
  /** "events" or "tasks". */
  calendar: string;
  item_id: number;
  /** The object's file name in its calendar, as the client chose it. */
  name: string;
  uid: string;
  /** JSON of the properties and components the app does not read, written back as they came; null for none. */
  kept: string | null;
}

/** A parent or guardian a student invited to a digest (issue 54). */
export interface GuardiansTable {
  id: Generated<number>;
  user_id: number;
  email: string;
  locale: Locale;
  frequency: "daily" | "weekly";
  status: "invited" | "confirmed" | "unsubscribed";
  /** SHA-256 of the confirmation link's token, until it is used. */
  confirm_token_hash: string | null;
  confirm_expires_at: string | null;
  /** The unsubscribe link's token, kept as it is: every digest carries it, and it can only stop the mails. */
  unsubscribe_token: string;
  /** The date (yyyy-MM-dd) of the last digest period taken (core/guardian-digest.ts), null before the first. */
  last_period: string | null;
  created_at: string;
  updated_at: string;
}

/** A second factor (issue 55, decision 136): enabled once its first code was confirmed. */
export interface TwoFactorTable {
  user_id: number;
  /** The TOTP secret, base32 (RFC 4648), as authenticator apps take it. */
  secret: string;
  enabled_at: string | null;
  /** The time step of the last code taken: a code is refused at or before it (used once). */
  last_step: number | null;
  created_at: string;
}

export interface TwoFactorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the code (without its dash). */
  code_hash: string;
  used_at: string | null;
}

/** A job one instance at a time runs (issue 55): claimed through the lease queue, due again after each run. */
export interface ScheduledJobsTable {
  id: Generated<number>;
  name: string;
  due_at: string;
  claimed_at: string | null;
  claim_token: string | null;
  last_run_at: string | null;
}

/** A roster sync's report (issue 55). */
export interface RosterRunsTable {
  id: Generated<number>;
  source: "oneroster" | "csv";
  started_at: string;
  finished_at: string | null;
  status: "ok" | "failed";
  reason: string | null;
  created: number;
  updated: number;
  disabled: number;
  /** JSON array of { sourcedId, reason }. */
  refused: string;
  mode: Generated<"full" | "delta">;
  /** The latest dateLastModified the run read: the next delta's start. */
  watermark: string | null;
}

/** The roster as the provider last gave it: one OneRoster record (JSON) per kind and sourcedId. */
export interface RosterRecordsTable {
  kind: "user" | "class" | "enrollment" | "role";
  sourced_id: string;
  record: string;
}

/** A sign-in whose password was right, waiting for its second factor (5 minutes). */
export interface SignInChallengesTable {
  /** SHA-256 of the token in the browser's challenge cookie. */
  id_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

/** A class's grades record (issue 53, decision 134): the class by its name in the student's class list, and its level. */
export interface GradeClassesTable {
  id: Generated<number>;
  user_id: number;
  subject: string;
  /** "regular", "honors" or "ap". */
  level: Generated<string>;
  updated_at: string;
}

/** A weighted category of a class's grades (Tests 50, Homework 30, …), in the student's order. */
export interface GradeCategoriesTable {
  id: Generated<number>;
  user_id: number;
  class_id: number;
  name: string;
  weight: number;
  position: number;
}

/** One grade: a score out of some points on a date, in a category or none. */
export interface GradeItemsTable {
  id: Generated<number>;
  user_id: number;
  class_id: number;
  /** Null for no category, and once its category is removed. */
  category_id: number | null;
  name: string;
  score: number;
  out_of: number;
  /** yyyy-MM-dd. */
  date: string;
  created_at: string;
  updated_at: string;
}

/** A stretch of focus on a task (or none) from the focus timer (issue 51). */
export interface FocusSessionsTable {
  id: Generated<number>;
  user_id: number;
  /** Null for focus on nothing in particular, or once its task is deleted. */
  task_id: number | null;
  /** Instants, ISO-8601 UTC. */
  started_at: string;
  ended_at: string;
  minutes: number;
  created_at: string;
}

/** A create's Idempotency-Key and the answer it got, replayed when the same key comes again. */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  /** SHA-256 of the method, path and parsed body: the same key with another request is refused. */
  request_hash: string;
  /** Null while the first request is still being answered. */
  status_code: number | null;
  response_body: string | null;
  created_at: string;
}

/** docs/product.md#event; booleans 0/1, dates yyyy-MM-dd, times HH:mm (decision 003). */
export interface EventsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  description: string | null;
  subject: string | null;
  date: string;
  time: string | null;
  event_type: string;
  recurring: string;
  custom_when_to_repeat: string | null;
  /** JSON array of weekday names or day numbers as text. */
  custom_days: string;
  custom_end_date: string | null;
  is_completed: number;
  notification_enabled: number;
  notification_timing: string | null;
  /** HH:mm when it ends, after `time`; null without one (issue 51). */
  end_time: string | null;
  /** An exam's revision time in minutes, null for none (issue 51). */
  prep_minutes: number | null;
  parent_event_id: number | null;
  is_exception: number;
  /** On an exception row: the occurrence date it removes. */
  exception_date: string | null;
  /** On a changed occurrence: the date of the occurrence it replaces (a calendar export's RECURRENCE-ID). */
  original_date: string | null;
  created_at: string;
  updated_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  /** Who acted; null once that account is deleted (or for the system itself). */
  actor_user_id: number | null;
  /** What happened, e.g. PASSWORD_CHANGED (upper case, as the admin area's audit log shows them: docs/product.md#admin-area). */
  action: string;
  /** Whom or what it concerned, e.g. an email address. */
  target: string | null;
  /** The actor's email when the entry was written; it outlives the account (decision 085). */
  actor_email: string | null;
  /** JSON object with any further facts. */
  details: string | null;
  created_at: string;
}

/** A device's Web Push subscription (decision 087): removed with the session that registered it. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  /** The registering session's id hash: sign-out deletes the session and, by cascade, this row. */
  session_id_hash: string;
  /** Where pushes are POSTed: an https address of a browser's push service (checked on the way in). */
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url (RFC 8291). */
  p256dh: string;
  auth: string;
  expiration_time: string | null;
  created_at: string;
  updated_at: string;
}

/** What a reminder is for: a task, an event (an occurrence of it), or a student's evening summary. */
/** A task's or an event's reminder, the evening summary, or a look at the study plan for a block starting (decision 132). */
export type ReminderKind = "task" | "event" | "summary" | "study";

/** The next reminder of one item still to come (decision 089); written with the write that changes it. */
export interface ReminderScheduleTable {
  kind: ReminderKind;
  /** The task's or event's id; the user's id for a summary. */
  item_id: number;
  user_id: number;
  /** ISO-8601 UTC instant the push is due. */
  due_at: string;
  /** The occurrence's wall-clock "yyyy-MM-ddTHH:mm" (or date for all day); the summary's date. */
  occurrence: string;
  /** The reminder choice, or HH:mm for a summary. */
  timing: string;
}

export type SentReminderStatus = "pending" | "sent" | "failed" | "skipped" | "empty";

/** One reminder claimed for pushing: unique per (kind, item_id, occurrence, timing), so it goes out once. */
export interface SentRemindersTable {
  id: Generated<number>;
  user_id: number;
  kind: ReminderKind;
  item_id: number;
  occurrence: string;
  timing: string;
  due_at: string;
  status: SentReminderStatus;
  /** The push's JSON, kept so a crashed instance's claim can be sent by another. */
  payload: string | null;
  claimed_at: string;
  /** Who holds a pending claim (a scan's token); null once finished, and on claims recorded before migration 2026-11-29-03. */
  claim_token: string | null;
  finished_at: string | null;
}

/** A student's calendar feed (decision 092): only the SHA-256 of its token, null while turned off. */
export interface CalendarFeedsTable {
  user_id: number;
  version: number;
  token_hash: string | null;
  updated_at: string;
}

/** Who a school's identity provider says an account is (decision 110): keyed by (issuer, subject), never by email. */
export interface UserIdentitiesTable {
  id: Generated<number>;
  user_id: number;
  /** The provider's id in the configuration, lower case ("google"). */
  provider_id: string;
  issuer: string;
  subject: string;
  /** The email the provider gave at the identity's first sign-in. */
  email: string;
  created_at: string;
}

/** A provider sign-in under way (decision 110): single use, 10 minutes. */
export interface SsoLoginsTable {
  /** SHA-256 of the browser's login cookie. */
  id_hash: string;
  provider_id: string;
  state: string;
  nonce: string;
  code_verifier: string;
  purpose: "sign-in" | "confirm-deletion";
  /** The account a "confirm-deletion" sign-in must come back as; null for a sign-in. */
  user_id: number | null;
  created_at: string;
}

/** An event the school publishes for everyone (decision 112): a delay, an early dismissal, a school event. */
export interface SchoolEventsTable {
  id: Generated<number>;
  title: string;
  description: string | null;
  /** yyyy-MM-dd */
  date: string;
  /** yyyy-MM-dd of the last day of a multi-day event, null for one day. */
  end_date: string | null;
  /** HH:mm, null for all day. */
  time: string | null;
  event_type: string;
  /** The alternate bell schedule of the school's schedule that the event's dates follow, by id. */
  alternate_id: string | null;
  created_at: string;
  updated_at: string;
}

/** Who an announcement is for (decision 113). */
export type AnnouncementAudience = "all" | "students" | "admins";

/** What staff announced (decision 113). */
export interface AnnouncementsTable {
  id: Generated<number>;
  title: string;
  body: string;
  audience: AnnouncementAudience;
  /** The admin who wrote it; null once their account is gone. */
  created_by: number | null;
  created_at: string;
  /** Devices sent to and failed whose outbox rows housekeeping pruned (decision 113): counted with the rows left. */
  pruned_sent: Generated<number>;
  pruned_failed: Generated<number>;
  /** Accounts of its audience when it was sent, who read it in the app (issue 49); null before it was counted. */
  readers: number | null;
  /** ISO instant from which Home no longer shows it (issue 49); null for those sent before. */
  shown_until: string | null;
  /** The school event it was made from (yyyy-MM-dd, yyyy-MM-dd, HH:mm), else null. */
  event_date: string | null;
  event_end_date: string | null;
  event_time: string | null;
}

export type AnnouncementDeliveryStatus = "pending" | "sent" | "failed";

/** The announcements' outbox: one row per device, claimed with a lease (decision 113). */
export interface AnnouncementDeliveriesTable {
  id: Generated<number>;
  announcement_id: number;
  user_id: number;
  subscription_id: number;
  status: AnnouncementDeliveryStatus;
  /** When the current claim was made; null until claimed. A pending row claimed longer ago than the lease may be claimed again. */
  claimed_at: string | null;
  /** The claimer's token: only it may mark the row finished. */
  claim_token: string | null;
  finished_at: string | null;
}

export type MailStatus = "pending" | "sent" | "failed";
/** The mails there are (decision 115): each worded from the catalog in the recipient's language when sent. */
export type MailTemplate =
  "password-reset" | "password-reset-sso" | "guardian-invite" | "guardian-removed" | "guardian-digest" | "retention-notice";

/** The mail outbox: one row per mail, claimed with a lease, retried with growing waits (decision 115). */
export interface MailOutboxTable {
  id: Generated<number>;
  /** The Message-ID every attempt carries: a copy sent twice (a crash between sending and marking) folds into one. */
  message_id: string;
  to_address: string;
  template: MailTemplate;
  locale: Locale;
  /** JSON of what the mail says (a reset link); erased once the row is finished. */
  params: string | null;
  status: MailStatus;
  /** Attempts that reached the SMTP server and failed for now. */
  attempts: Generated<number>;
  /** When the row may be claimed next: its creation, then later after each temporary failure. */
  next_attempt_at: string;
  /** After this it is not worth sending: it fails instead. */
  send_before: string;
  claimed_at: string | null;
  claim_token: string | null;
  /** The SMTP server's last answer to a failed attempt. */
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** A forgot-password link's token (decision 115): one per account, only its SHA-256 kept. */
export interface PasswordResetTokensTable {
  user_id: number;
  token_hash: string;
  expires_at: string;
  created_at: string;
}

/** A student's LMS calendar feed (decision 117). */
export interface LmsFeedsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** The feed's address: a secret, never logged or answered in full. */
  url: string;
  /** "tasks-and-events" (assignments become tasks, the rest events), "assignments" (only assignments, as tasks) or "everything" (all as tasks). */
  mode: string;
  /** "active", or "paused" after 5 failed refreshes in a row. */
  status: string;
  failures: Generated<number>;
  last_error: string | null;
  last_error_status: number | null;
  last_success_at: string | null;
  item_count: Generated<number>;
  next_refresh_at: string;
  claimed_at: string | null;
  claim_token: string | null;
  manual_refresh_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Which task or event a feed's UID became; both null once the student deleted it. */
export interface LmsFeedItemsTable {
  feed_id: number;
  uid: string;
  task_id: number | null;
  event_id: Generated<number | null>;
  fingerprint: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  app_settings: AppSettingsTable;
  rate_limits: RateLimitsTable;
  tasks: TasksTable;
  focus_sessions: FocusSessionsTable;
  grade_classes: GradeClassesTable;
  grade_categories: GradeCategoriesTable;
  grade_items: GradeItemsTable;
  guardians: GuardiansTable;
  two_factor: TwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  sign_in_challenges: SignInChallengesTable;
  scheduled_jobs: ScheduledJobsTable;
  roster_runs: RosterRunsTable;
  roster_records: RosterRecordsTable;
  device_passwords: DevicePasswordsTable;
  caldav_objects: CaldavObjectsTable;
  events: EventsTable;
  audit_log: AuditLogTable;
  idempotency_keys: IdempotencyKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  reminder_schedule: ReminderScheduleTable;
  sent_reminders: SentRemindersTable;
  calendar_feeds: CalendarFeedsTable;
  user_identities: UserIdentitiesTable;
  sso_logins: SsoLoginsTable;
  school_events: SchoolEventsTable;
  announcements: AnnouncementsTable;
  announcement_deliveries: AnnouncementDeliveriesTable;
  mail_outbox: MailOutboxTable;
  password_reset_tokens: PasswordResetTokensTable;
  lms_feeds: LmsFeedsTable;
  lms_feed_items: LmsFeedItemsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
export type UserIdentityRow = Selectable<UserIdentitiesTable>;
export type SsoLoginRow = Selectable<SsoLoginsTable>;
export type TaskRow = Selectable<TasksTable>;
export type EventRow = Selectable<EventsTable>;
export type SchoolEventRow = Selectable<SchoolEventsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;
export type ReminderScheduleRow = Selectable<ReminderScheduleTable>;
export type SentReminderRow = Selectable<SentRemindersTable>;
export type AnnouncementRow = Selectable<AnnouncementsTable>;
export type AnnouncementDeliveryRow = Selectable<AnnouncementDeliveriesTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type LmsFeedRow = Selectable<LmsFeedsTable>;
