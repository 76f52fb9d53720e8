import { describe, expect, it } from "vitest";
import { deletionDate, type RetentionCandidate, type RetentionPolicy, retentionPlan } from "./retention";

const NOW = new Date("2026-11-30T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString();
const policy: RetentionPolicy = { inactiveDays: 400, auditDays: 730, disabledDays: 30, noticeDays: 30, mailNotices: true };
const candidate = (userId: number, lastSeenDays: number, noticeDays: number | null = null): RetentionCandidate => ({
  userId,
  email: `u${userId}@example.com`,
  lastSeenAt: daysAgo(lastSeenDays),
  noticeAt: noticeDays === null ? null : daysAgo(noticeDays),
});
const ids = (plan: { notify: RetentionCandidate[]; delete: RetentionCandidate[] }) => ({
  notify: plan.notify.map((c) => c.userId),
  delete: plan.delete.map((c) => c.userId),
});

describe("the retention policy", () => {
  it("does nothing while it is off", () => {
    expect(ids(retentionPlan({ ...policy, inactiveDays: null }, [candidate(1, 900)], NOW))).toEqual({ notify: [], delete: [] });
  });

  it("tells an account 30 days before its deletion, and deletes it only once told 30 days ago", () => {
    const plan = retentionPlan(
      policy,
      [
        candidate(1, 369), // not yet in reach of the notice
        candidate(2, 371), // told now
        candidate(3, 401), // past the deletion, never told: told now, deleted 30 days later
        candidate(4, 401, 31), // told 31 days ago: deleted
        candidate(5, 401, 29), // told 29 days ago: waits
        candidate(6, 371, 5), // told, waiting
      ],
      NOW,
    );
    expect(ids(plan)).toEqual({ notify: [2, 3], delete: [4] });
  });

  it("voids a notice when the account was used after it", () => {
    // Told 450 days ago, used after that (401 days ago), unused since: told again, not deleted on the old notice.
    expect(ids(retentionPlan(policy, [candidate(1, 401, 450)], NOW))).toEqual({ notify: [1], delete: [] });
  });

  it("deletes without a notice when no mail is sent", () => {
    expect(ids(retentionPlan({ ...policy, mailNotices: false }, [candidate(1, 371), candidate(2, 401)], NOW))).toEqual({
      notify: [],
      delete: [2],
    });
  });

  it("names the deletion day: the last use plus the policy, at least 30 days after the notice", () => {
    expect(deletionDate(policy, candidate(1, 365), NOW).toISOString()).toBe(
      new Date(Date.parse(daysAgo(365)) + 400 * 86_400_000).toISOString(),
    );
    expect(deletionDate(policy, candidate(1, 500), NOW).toISOString()).toBe(new Date(NOW.getTime() + 30 * 86_400_000).toISOString());
  });
});
