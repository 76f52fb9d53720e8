import { createECDH, createHash } from "node:crypto";
import os from "node:os";
import { ADMIN_LOCKED, ADMINS_ONLY, type AuditAction } from "../../core/admin";
import {
  INVALID_ENDPOINT,
  INVALID_P256DH,
  PUSH_PAYLOAD_MAX_BYTES,
  PUSH_PAYLOAD_TOO_LARGE,
  type PushConfig,
  type PushPayload,
  type PushSendInput,
  type PushSendResult,
  type PushSubscriptionInput,
} from "../../core/schemas/push";
import type { Locale } from "../../core/i18n/locale";
import type { Translate } from "../../core/i18n/translate";
import type { AppConfig } from "../config";
import { translator } from "../i18n";
import { badRequest, forbidden } from "../errors";
import type { PushSubscriptionsRepository } from "../repositories/push-subscriptions";
import type { SessionUser } from "../repositories/sessions";
import type { SettingsRepository } from "../repositories/settings";
import type { RunInTransaction } from "../repositories/transaction";
import type { UsersRepository } from "../repositories/users";
import { type MetricsSink, NO_METRICS, type PushOutcomeCounts } from "./metrics-sink";
import {
  deliverAll,
  deliverEach,
  generateVapidKeys,
  isAllowedPushEndpoint,
  type PushJob,
  type PushOutcome,
  type PushTarget,
  type VapidIdentity,
} from "./push-delivery";

/** Where generated VAPID keys are kept (app_settings): every instance signs with the same key. */
export const VAPID_KEYS_SETTING = "vapidKeys";

/** How a send may be delivered (decision 087). */
const DELIVERY = {
  /** An announcement stays true for a day; a push service drops it after that. */
  ttlSeconds: 24 * 60 * 60,
  concurrency: 16,
  timeoutMs: 5000,
};

/** Who is sending, as far as the rules care (design.md: to others, only an unlocked admin). */
export interface PushSender {
  user: SessionUser;
  adminUnlocked: boolean;
  /** The host the request came to: the VAPID subject's last resort. */
  host: string;
  /** The language the sender reads the result in (the request's). */
  locale: Locale;
  log: Logger;
}

type Logger = { warn: (message: string) => void };

export interface PushServiceOptions {
  config: Pick<AppConfig, "vapidKeys" | "vapidSubject" | "adminEmails" | "pushAllowedEndpointOrigins" | "requestTimeoutMs">;
  settings: SettingsRepository;
  pushSubscriptions: PushSubscriptionsRepository;
  users: UsersRepository;
  /** The audit entry of a send is written with the removal of gone devices, in one transaction. */
  transaction: RunInTransaction;
  /** Told what every push came to (decision 106). */
  metrics?: MetricsSink;
}

/** One message for all of one user's devices (a reminder). */
export interface UserPush {
  userId: number;
  payload: PushPayload;
  /** How long a push service may hold it for an offline device: as long as it stays true. */
  ttlSeconds: number;
}

/** What became of a UserPush: how many of the user's devices took it, and how many could not be reached. */
export interface UserPushResult {
  delivered: number;
  failed: number;
}

/** Whether the 65 bytes are an uncompressed point on P-256 (so the browser can decrypt what we send). */
function isP256Point(base64url: string): boolean {
  const bytes = Buffer.from(base64url, "base64url");
  if (bytes.length !== 65 || bytes[0] !== 0x04) return false;
  try {
    // An agreement with a throwaway key fails unless the bytes are a point on the curve.
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    ecdh.computeSecret(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Repeats of the same message replace each other on the device (the notification's tag). */
function tagFor(title: string, body: string): string {
  return `message-${createHash("sha256").update(`${title}\n${body}`).digest("base64url").slice(0, 16)}`;
}

function outcomeCounts(outcomes: readonly PushOutcome[]): PushOutcomeCounts {
  const counts: PushOutcomeCounts = { delivered: 0, gone: 0, failed: 0 };
  for (const outcome of outcomes) counts[outcome.result]++;
  return counts;
}

/** What became of a send, in the sender's language (`t`). */
function summarize(outcomes: PushOutcome[], recipients: number, t: Translate): PushSendResult {
  const delivered = outcomes.filter((o) => o.result === "delivered").length;
  const failed = outcomes.filter((o) => o.result === "failed").length;
  if (delivered === 0 && failed === 0)
    return { ok: false, error: t(recipients > 1 ? "server.push_no_devices_plural" : "server.push_no_devices") };
  if (failed === 0) return { ok: true };
  const devices = delivered + failed;
  const error =
    delivered === 0 ? t("server.push_not_accepted", { count: failed }) : t("server.push_partly_delivered", { delivered, devices, failed });
  return { ok: delivered > 0, error };
}

/**
 * How a send to others is audited: PUSH_SENT with its counts when it reached a device, else
 * PUSH_NOT_DELIVERED saying why, so "Push Sent" never stands for a push nobody got (decision 098).
 */
function sendAuditEntry(title: string, outcomes: PushOutcome[]): { action: AuditAction; details: Record<string, unknown> } {
  const delivered = outcomes.filter((o) => o.result === "delivered").length;
  const failed = outcomes.filter((o) => o.result === "failed").length;
  if (delivered > 0) return { action: "PUSH_SENT", details: { title, delivered, failed } };
  // Devices the push service called gone are removed: the user is left with none.
  if (failed === 0) return { action: "PUSH_NOT_DELIVERED", details: { title, reason: "no device" } };
  return { action: "PUSH_NOT_DELIVERED", details: { title, reason: "the push service did not accept it", failed } };
}

/** Web Push (docs/product.md#push-notifications, decision 087): keys, subscriptions, sending. */
/**
 * The devices one account may receive pushes on (decision 107): a student's phone, tablet and a
 * few browsers, with room to spare. Each push to oneself fans out to every one, so the count is
 * bounded; registering one more replaces the least recently registered.
 */
export const MAX_PUSH_DEVICES_PER_USER = 10;

export function createPushService({ config, settings, pushSubscriptions, users, transaction, metrics = NO_METRICS }: PushServiceOptions) {
  let keys: Promise<{ publicKey: string; privateKey: string }> | undefined;
  let warnedSubject = false;

  /** The configured keys, else the stored ones, generated and stored on first use. */
  function vapidKeys() {
    keys ??= config.vapidKeys ? Promise.resolve(config.vapidKeys) : settings.getOrCreate(VAPID_KEYS_SETTING, generateVapidKeys);
    // A failed read (the database briefly away) is tried again next time.
    keys.catch(() => (keys = undefined));
    return keys;
  }

  /** The VAPID contact; `host` (the request's) when neither VAPID_SUBJECT nor ADMIN_EMAILS names one. */
  function vapidSubject(host: string, log: Logger): string {
    if (config.vapidSubject) return config.vapidSubject;
    const subject = config.adminEmails[0] ? `mailto:${config.adminEmails[0]}` : `https://${host.replace(/:\d+$/, "")}`;
    if (!warnedSubject) {
      warnedSubject = true;
      log.warn(
        `VAPID_SUBJECT is not set: push messages name ${subject} as their contact. Set VAPID_SUBJECT=mailto:… (Apple refuses localhost).`,
      );
    }
    return subject;
  }

  /** The audit log's target: the recipient's email, or how many were sent to. */
  async function recipientsText(ids: readonly number[]): Promise<string> {
    if (ids.length > 1) return `${ids.length} users`;
    return (await users.findById(ids[0]!))?.email ?? `user ${ids[0]}`;
  }

  return {
    vapidKeys,

    async publicConfig(): Promise<PushConfig> {
      const { publicKey } = await vapidKeys();
      // appId, kept for the spec's clients, names the push application: its VAPID key.
      return { appId: publicKey, vapidPublicKey: publicKey };
    },

    async subscribe(user: SessionUser, sessionIdHash: string, input: PushSubscriptionInput): Promise<void> {
      if (!isAllowedPushEndpoint(input.endpoint, config.pushAllowedEndpointOrigins)) {
        throw badRequest(INVALID_ENDPOINT, { endpoint: [INVALID_ENDPOINT] });
      }
      if (!isP256Point(input.keys.p256dh)) throw badRequest(INVALID_P256DH, { "keys.p256dh": [INVALID_P256DH] });
      await transaction(async (tx) => {
        // Under the user's lock, so devices registered at once cannot all slip under the cap.
        await tx.users.lockUser(user.id);
        await tx.pushSubscriptions.upsert({
          userId: user.id,
          sessionIdHash,
          endpoint: input.endpoint,
          p256dh: input.keys.p256dh.replace(/=+$/, ""),
          auth: input.keys.auth.replace(/=+$/, ""),
          expirationTime: input.expirationTime ?? null,
        });
        await tx.pushSubscriptions.keepNewestForUser(user.id, MAX_PUSH_DEVICES_PER_USER);
      });
    },

    /** Someone else's endpoint, or one not stored, changes nothing. */
    async unsubscribe(user: SessionUser, endpoint: string): Promise<void> {
      await pushSubscriptions.deleteOwn(user.id, endpoint);
    },

    /** The server's view for the push debug page: this session's device, and how many the user has. */
    async state(user: SessionUser, sessionIdHash: string) {
      const [own, devices] = await Promise.all([pushSubscriptions.findForSession(sessionIdHash), pushSubscriptions.countForUser(user.id)]);
      return { subscribed: own !== undefined, endpoint: own?.endpoint ?? null, devices };
    },

    async send(sender: PushSender, input: PushSendInput): Promise<PushSendResult> {
      const toOthers = input.externalUserIds.some((id) => id !== sender.user.id);
      if (toOthers) {
        if (sender.user.is_admin !== 1) throw forbidden(ADMINS_ONLY);
        if (!sender.adminUnlocked) throw forbidden(ADMIN_LOCKED);
      }
      const payload: PushPayload = { title: input.title, body: input.body, url: "/", tag: tagFor(input.title, input.body) };
      const json = JSON.stringify(payload);
      if (Buffer.byteLength(json) > PUSH_PAYLOAD_MAX_BYTES) throw badRequest(PUSH_PAYLOAD_TOO_LARGE, { body: [PUSH_PAYLOAD_TOO_LARGE] });

      const targets = await pushSubscriptions.listForUsers(input.externalUserIds);
      const { publicKey, privateKey } = await vapidKeys();
      const vapid: VapidIdentity = { subject: vapidSubject(sender.host, sender.log), publicKey, privateKey };
      const outcomes = await deliverAll(targets, json, {
        vapid,
        ...DELIVERY,
        urgency: "normal",
        // Leave the request time to answer: what has not started by then is reported, not awaited.
        deadline: Date.now() + Math.max(1000, config.requestTimeoutMs - DELIVERY.timeoutMs - 1000),
        allowedOrigins: config.pushAllowedEndpointOrigins,
      });
      metrics.pushes("message", outcomeCounts(outcomes));
      const gone = outcomes.filter((o) => o.result === "gone").map((o) => o.target.id);
      const result = summarize(outcomes, input.externalUserIds.length, translator(sender.locale));
      if (!toOthers) {
        await pushSubscriptions.deleteByIds(gone);
        return result;
      }
      // The devices that are gone and the audit entry are written together.
      const target = await recipientsText(input.externalUserIds);
      await transaction(async (tx) => {
        await tx.pushSubscriptions.deleteByIds(gone);
        await tx.auditLog.record({
          actorUserId: sender.user.id,
          actorEmail: sender.user.email,
          target,
          ...sendAuditEntry(input.title, outcomes),
        });
      });
      return result;
    },

    /**
     * Background pushes (reminders): each message to every device of its user, `concurrency` in
     * flight across the whole batch, nothing started after `deadline`. Devices that are gone are
     * removed. One result per message, in order.
     */
    async deliverToUsers(messages: readonly UserPush[], deadline: number, log: Logger): Promise<UserPushResult[]> {
      if (messages.length === 0) return [];
      const devices = await pushSubscriptions.listForUsers([...new Set(messages.map((m) => m.userId))]);
      const byUser = new Map<number, PushTarget[]>();
      for (const device of devices) byUser.set(device.user_id, [...(byUser.get(device.user_id) ?? []), device]);
      const jobs: (PushJob & { message: number })[] = [];
      messages.forEach((message, index) => {
        const json = JSON.stringify(message.payload);
        // A repeat of the same message replaces an undelivered one at the push service.
        const topic = createHash("sha256").update(message.payload.tag).digest("base64url").slice(0, 32);
        for (const target of byUser.get(message.userId) ?? [])
          jobs.push({ target, payload: json, ttlSeconds: message.ttlSeconds, topic, message: index });
      });
      const { publicKey, privateKey } = await vapidKeys();
      const outcomes = await deliverEach(jobs, {
        vapid: { subject: vapidSubject(os.hostname(), log), publicKey, privateKey },
        ...DELIVERY,
        urgency: "high",
        deadline,
        allowedOrigins: config.pushAllowedEndpointOrigins,
      });
      metrics.pushes("reminder", outcomeCounts(outcomes));
      await pushSubscriptions.deleteByIds(outcomes.filter((o) => o.result === "gone").map((o) => o.target.id));
      const results = messages.map((): UserPushResult => ({ delivered: 0, failed: 0 }));
      outcomes.forEach((outcome, i) => {
        const result = results[jobs[i]!.message]!;
        if (outcome.result === "delivered") result.delivered++;
        else if (outcome.result === "failed") result.failed++;
      });
      return results;
    },

    /**
     * Background pushes of one payload per device (announcements, decision 113): `concurrency` in
     * flight, nothing started after `deadline` (those come back `notStarted`). Devices that are
     * gone are removed. One outcome per job, in order.
     */
    async deliverToDevices(jobs: readonly { target: PushTarget; payload: PushPayload }[], deadline: number, log: Logger) {
      if (jobs.length === 0) return [];
      const { publicKey, privateKey } = await vapidKeys();
      const outcomes = await deliverEach(
        jobs.map(({ target, payload }) => ({
          target,
          payload: JSON.stringify(payload),
          // A repeat (a claim taken over after a crash) replaces an undelivered one at the push service.
          topic: createHash("sha256").update(payload.tag).digest("base64url").slice(0, 32),
        })),
        {
          vapid: { subject: vapidSubject(os.hostname(), log), publicKey, privateKey },
          ...DELIVERY,
          urgency: "high",
          deadline,
          allowedOrigins: config.pushAllowedEndpointOrigins,
        },
      );
      metrics.pushes("announcement", outcomeCounts(outcomes));
      await pushSubscriptions.deleteByIds(outcomes.filter((o) => o.result === "gone").map((o) => o.target.id));
      return outcomes;
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
