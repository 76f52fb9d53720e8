import { z } from "zod";

/** The push API's requests and answers (docs/product.md#push-notifications, decision 087). */

export const PUSH_ENDPOINT_MAX = 2048;
export const PUSH_TITLE_MAX = 120;
export const PUSH_BODY_MAX = 800;
export const PUSH_RECIPIENTS_MAX = 1000;
/**
 * The largest plaintext payload: it encrypts to the 4,096-byte body every push service must accept
 * (RFC 8291: 4,096 less the 86 bytes of the aes128gcm header and 17 of padding and tag).
 */
export const PUSH_PAYLOAD_MAX_BYTES = 3993;

export const INVALID_ENDPOINT = "endpoint must be the https address of a browser's push service";
export const INVALID_P256DH = "keys.p256dh must be a P-256 public key (65 bytes, base64url)";
export const INVALID_AUTH = "keys.auth must be 16 bytes, base64url";
export const PUSH_TEXT_REQUIRED = "Title and message are required";
export const PUSH_RECIPIENT_REQUIRED = "Please select a user";
export const PUSH_PAYLOAD_TOO_LARGE = "The title and message are too long for a push notification";

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** Base64url text that decodes to exactly `bytes` bytes (padding tolerated, as some browsers send it). */
function base64urlOf(bytes: number, message: string) {
  return z
    .string({ error: message })
    .refine(
      (text) => text.length <= 200 && BASE64URL.test(text) && Math.floor((text.replace(/=+$/, "").length * 3) / 4) === bytes,
      message,
    );
}

const endpoint = z
  .string({ error: INVALID_ENDPOINT })
  .trim()
  .min(1, INVALID_ENDPOINT)
  .max(PUSH_ENDPOINT_MAX, `endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`);

/** POST /api/push/subscriptions: what PushSubscription.toJSON() gives. */
const EXPIRATION_TIME = "expirationTime must be a time in milliseconds or null";
const LATEST_DATE_MS = 8.64e15;

export const pushSubscriptionSchema = z.object({
  endpoint,
  expirationTime: z
    .number({ error: EXPIRATION_TIME })
    .int(EXPIRATION_TIME)
    .nonnegative(EXPIRATION_TIME)
    // The latest instant a Date holds: past it the time cannot be stored or shown.
    .max(LATEST_DATE_MS, EXPIRATION_TIME)
    .nullable()
    .optional(),
  keys: z.object(
    {
      p256dh: base64urlOf(65, INVALID_P256DH),
      auth: base64urlOf(16, INVALID_AUTH),
    },
    { error: "keys must hold p256dh and auth" },
  ),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions. */
export const pushUnsubscribeSchema = z.object({ endpoint });

const NOT_USER_IDS = "externalUserIds must be user ids";
/** A user id as a number or as text (the spec's clients send push ids as strings). */
const userId = z
  .union(
    [
      z.number({ error: NOT_USER_IDS }).int(NOT_USER_IDS),
      z
        .string({ error: NOT_USER_IDS })
        .trim()
        .regex(/^\d{1,10}$/, NOT_USER_IDS),
    ],
    {
      error: NOT_USER_IDS,
    },
  )
  .transform(Number)
  .refine((id) => id >= 1 && id <= 2 ** 31 - 1, NOT_USER_IDS);

const text = (max: number, label: string) =>
  z.string({ error: PUSH_TEXT_REQUIRED }).trim().min(1, PUSH_TEXT_REQUIRED).max(max, `${label} must be at most ${max} characters`);

/** POST /api/push/send (docs/product.md#push-notifications). */
export const pushSendSchema = z.object({
  externalUserIds: z
    .array(userId, { error: PUSH_RECIPIENT_REQUIRED })
    .min(1, PUSH_RECIPIENT_REQUIRED)
    .max(PUSH_RECIPIENTS_MAX, `At most ${PUSH_RECIPIENTS_MAX} users per notification`)
    .transform((ids) => [...new Set(ids)]),
  title: text(PUSH_TITLE_MAX, "Title"),
  body: text(PUSH_BODY_MAX, "Message"),
});
export type PushSendInput = z.output<typeof pushSendSchema>;

export type PushSendResult = { ok: boolean; error?: string };

/** GET /public/onesignal-config. */
export type PushConfig = { appId: string; vapidPublicKey: string };

/** What the service worker receives and shows (docs/product.md#push-notifications). */
export type PushPayload = { title: string; body: string; url: string; tag: string };
