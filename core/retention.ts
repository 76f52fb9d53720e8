/**
 * The retention policy (issue 55, decision 137): which accounts the next sweep tells and which it
 * deletes. Pure: the server reads the candidates and the clock.
 */

/** The notice goes this many days before an inactive account is deleted. */
export const RETENTION_NOTICE_DAYS = 30;
/** The shortest RETENTION_INACTIVE_DAYS accepted: a notice needs room before the deletion. */
export const RETENTION_MIN_INACTIVE_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionPolicy {
  /** RETENTION_INACTIVE_DAYS, null when off. */
  inactiveDays: number | null;
  /** AUDIT_RETENTION_DAYS. */
  auditDays: number;
  /** RETENTION_DISABLED_DAYS: an account the roster closed is deleted this long after. */
  disabledDays: number;
  noticeDays: number;
  /** Whether notices are mailed (mail is configured): without mail an account is deleted without one. */
  mailNotices: boolean;
}

/** An account the policy may reach: when it was last used, and when (if ever) it was told. */
export interface RetentionCandidate {
  userId: number;
  email: string;
  /** ISO instant: its last sign-in or its last request, whichever is later. */
  lastSeenAt: string;
  noticeAt: string | null;
}

/** The instant before which an account's last use puts it in reach of the notice: the deletion's cut-off plus the notice. */
export function noticeCutoff(policy: RetentionPolicy, now: Date): Date | null {
  return policy.inactiveDays === null ? null : new Date(now.getTime() - (policy.inactiveDays - policy.noticeDays) * DAY_MS);
}

/**
 * Who is told and who is deleted now. An account unused for `inactiveDays` is deleted once it was
 * told at least `noticeDays` ago (after its last use: using the account voids a notice); one unused
 * for `inactiveDays - noticeDays` is told. Without mail there is no notice: the deletion comes at
 * `inactiveDays`. A notice that comes late (mail turned on later) still gives its full 30 days.
 */
export function retentionPlan(
  policy: RetentionPolicy,
  candidates: readonly RetentionCandidate[],
  now: Date,
): { notify: RetentionCandidate[]; delete: RetentionCandidate[] } {
  const plan = { notify: [] as RetentionCandidate[], delete: [] as RetentionCandidate[] };
  if (policy.inactiveDays === null) return plan;
  const deleteBefore = now.getTime() - policy.inactiveDays * DAY_MS;
  const tellBefore = noticeCutoff(policy, now)!.getTime();
  const toldBefore = now.getTime() - policy.noticeDays * DAY_MS;
  for (const candidate of candidates) {
    const lastSeen = Date.parse(candidate.lastSeenAt);
    const told = candidate.noticeAt !== null && Date.parse(candidate.noticeAt) >= lastSeen ? Date.parse(candidate.noticeAt) : null;
    if (lastSeen < deleteBefore && (!policy.mailNotices || (told !== null && told <= toldBefore))) plan.delete.push(candidate);
    else if (lastSeen < tellBefore && policy.mailNotices && told === null) plan.notify.push(candidate);
  }
  return plan;
}

/** The day a notice names: the deletion after the full notice, or later when the account's last use says so. */
export function deletionDate(policy: RetentionPolicy, candidate: RetentionCandidate, now: Date): Date {
  const byUse = Date.parse(candidate.lastSeenAt) + (policy.inactiveDays ?? 0) * DAY_MS;
  return new Date(Math.max(byUse, now.getTime() + policy.noticeDays * DAY_MS));
}
