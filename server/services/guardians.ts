import { createHash, randomBytes, randomUUID } from "node:crypto";
import { type DigestFrequency, latestDigestDate } from "../../core/guardian-digest";
import { messageRef } from "../../core/i18n/translate";
import {
  type CreateGuardianData,
  GUARDIAN_CONFIRM_DAYS,
  type Guardian,
  MAX_GUARDIANS,
  type updateGuardianSchema,
} from "../../core/schemas/guardians";
import type { z } from "zod";
import { conflict, notFound } from "../errors";
import { type GuardianRow, toGuardian } from "../repositories/guardians";
import type { SessionUser } from "../repositories/sessions";
import type { RunInTransaction, TransactionScope } from "../repositories/transaction";
import { GUARDIAN_DIGESTS_SETTING } from "./admin-service";
import type { Clock } from "./reminders";

export const GUARDIAN_NOT_FOUND = messageRef("guardians.not_found");
const DAY_MS = 24 * 60 * 60 * 1000;

/** A link's token: 256 random bits, of which the database keeps only the digest. */
const newToken = () => randomBytes(32).toString("base64url");
export const guardianTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** What a guardian's link leads to: the page's words need the student's name and how often. */
export interface GuardianLink {
  guardian: GuardianRow;
  student: string;
}

/**
 * Families in the loop (issue 54): the student invites a parent or guardian (at most 3), who is sent
 * one mail asking to confirm and nothing else until they do; the student removes one at any time
 * (a confirmed one is told once); the guardian confirms or unsubscribes from a link, without an
 * account. Invitations and removals are audited, in the transaction that writes them.
 */
export function createGuardiansService(options: {
  transaction: RunInTransaction;
  clock: Clock;
  /** PUBLIC_URL, the origin every link is built from; null when the server sends no mail. */
  publicUrl: string | null;
  onMailWritten: () => void;
  /** The school's time zone and GUARDIAN_DIGEST_TIME: a guardian's first digest is the next one due after they confirm. */
  timeZone: string;
  digestTime: string;
}) {
  const { transaction, clock, publicUrl, onMailWritten, timeZone, digestTime } = options;
  /** The period due now: a guardian who confirms, or changes how often, starts after it (no digest at once). */
  const currentPeriod = (frequency: DigestFrequency) => latestDigestDate(frequency, clock(), timeZone, digestTime);

  const studentName = (user: Pick<SessionUser, "first_name" | "last_name">) => `${user.first_name} ${user.last_name}`.trim();

  async function mail(tx: TransactionScope, guardian: GuardianRow, template: "guardian-invite" | "guardian-removed", params: object) {
    const origin = publicUrl!;
    await tx.mailOutbox.enqueue(
      {
        messageId: `<${randomUUID()}@${new URL(origin).hostname}>`,
        to: guardian.email,
        template,
        locale: guardian.locale,
        params: { name: "", email: guardian.email, link: null, ...params },
        sendBefore: new Date(clock().getTime() + GUARDIAN_CONFIRM_DAYS * DAY_MS),
      },
      clock(),
    );
    tx.afterCommit(onMailWritten);
  }

  async function linkOf(tx: TransactionScope, guardian: GuardianRow | undefined): Promise<GuardianLink | null> {
    if (!guardian) return null;
    const user = await tx.users.findById(guardian.user_id);
    return user ? { guardian, student: studentName(user) } : null;
  }

  return {
    /** GET /api/user/guardians. */
    list: (userId: number): Promise<Guardian[]> => transaction(async (tx) => (await tx.guardians.listForUser(userId)).map(toGuardian)),

    /** POST /api/user/guardians: the invitation and its mail, in one transaction, under the student's lock. */
    invite(user: SessionUser, data: CreateGuardianData): Promise<Guardian> {
      return transaction(async (tx) => {
        if (!publicUrl) throw conflict(messageRef("guardians.mail_off"));
        if ((await tx.settings.get<boolean>(GUARDIAN_DIGESTS_SETTING)) === false) throw conflict(messageRef("guardians.digests_off"));
        await tx.users.lockUser(user.id);
        const existing = await tx.guardians.listForUser(user.id);
        if (existing.some((g) => g.email === data.email)) throw conflict(messageRef("guardians.already_invited"));
        if (existing.length >= MAX_GUARDIANS) throw conflict(messageRef("guardians.too_many", { max: MAX_GUARDIANS }));
        const confirmToken = newToken();
        const now = clock();
        const guardian = await tx.guardians.create({
          user_id: user.id,
          email: data.email,
          locale: data.locale,
          frequency: data.frequency,
          status: "invited",
          confirm_token_hash: guardianTokenHash(confirmToken),
          confirm_expires_at: new Date(now.getTime() + GUARDIAN_CONFIRM_DAYS * DAY_MS).toISOString(),
          unsubscribe_token: newToken(),
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        });
        await mail(tx, guardian, "guardian-invite", {
          student: studentName(user),
          frequency: data.frequency,
          days: GUARDIAN_CONFIRM_DAYS,
          link: `${publicUrl}/guardians/confirm?token=${confirmToken}`,
        });
        await tx.auditLog.record(
          {
            actorUserId: user.id,
            actorEmail: user.email,
            action: "GUARDIAN_INVITED",
            target: user.email,
            details: { guardian: data.email },
          },
          now,
        );
        return toGuardian(guardian);
      });
    },

    /** PUT /api/user/guardians/{id}: the language and how often. */
    update(userId: number, id: number, changes: z.output<typeof updateGuardianSchema>): Promise<Guardian> {
      return transaction(async (tx) => {
        const guardian = await tx.guardians.findForUser(userId, id);
        if (!guardian) throw notFound(GUARDIAN_NOT_FOUND);
        const period = changes.frequency === guardian.frequency ? {} : { last_period: currentPeriod(changes.frequency) };
        return toGuardian((await tx.guardians.update(id, { locale: changes.locale, frequency: changes.frequency, ...period }))!);
      });
    },

    /** DELETE /api/user/guardians/{id}: gone at once; a guardian who had confirmed is told once. */
    remove(user: SessionUser, id: number): Promise<void> {
      return transaction(async (tx) => {
        const guardian = await tx.guardians.findForUser(user.id, id);
        if (!guardian) throw notFound(GUARDIAN_NOT_FOUND);
        await tx.guardians.delete(user.id, id);
        if (guardian.status === "confirmed" && publicUrl) await mail(tx, guardian, "guardian-removed", { student: studentName(user) });
        await tx.auditLog.record(
          {
            actorUserId: user.id,
            actorEmail: user.email,
            action: "GUARDIAN_REMOVED",
            target: user.email,
            details: { guardian: guardian.email },
          },
          clock(),
        );
      });
    },

    /** The invitation a confirmation link names, while it works (7 days, once). */
    confirmable: (token: string): Promise<GuardianLink | null> =>
      transaction(async (tx) => {
        const guardian = await tx.guardians.findByConfirmHash(guardianTokenHash(token));
        if (!guardian || guardian.status !== "invited" || Date.parse(guardian.confirm_expires_at ?? "") <= clock().getTime()) return null;
        return linkOf(tx, guardian);
      }),

    /** The confirmation itself (the page's button): the link is spent. */
    confirm: (token: string): Promise<GuardianLink | null> =>
      transaction(async (tx) => {
        const guardian = await tx.guardians.findByConfirmHash(guardianTokenHash(token));
        if (!guardian || guardian.status !== "invited" || Date.parse(guardian.confirm_expires_at ?? "") <= clock().getTime()) return null;
        const confirmed = await tx.guardians.update(guardian.id, {
          status: "confirmed",
          confirm_token_hash: null,
          confirm_expires_at: null,
          last_period: currentPeriod(guardian.frequency),
        });
        return linkOf(tx, confirmed);
      }),

    /** The guardian an unsubscribe link names, for as long as they are on the student's list. */
    unsubscribable: (token: string): Promise<GuardianLink | null> =>
      transaction(async (tx) => linkOf(tx, await tx.guardians.findByUnsubscribeToken(token))),

    /** Unsubscribing (the page's button, or a mail app's one click, RFC 8058): no mail after it. */
    unsubscribe: (token: string): Promise<GuardianLink | null> =>
      transaction(async (tx) => {
        const guardian = await tx.guardians.findByUnsubscribeToken(token);
        if (!guardian) return null;
        const done = await tx.guardians.update(guardian.id, { status: "unsubscribed", confirm_token_hash: null, confirm_expires_at: null });
        return linkOf(tx, done);
      }),
  };
}
export type GuardiansService = ReturnType<typeof createGuardiansService>;
