import { z } from "zod";
import { messageRef } from "../i18n/translate";

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

export const INVALID_ENDPOINT = messageRef("admin.push_endpoint_invalid");
export const INVALID_P256DH = messageRef("admin.push_p256dh_invalid");
export const INVALID_AUTH = messageRef("admin.push_auth_invalid");
export const PUSH_TEXT_REQUIRED = messageRef("admin.push_text_required");
export const PUSH_RECIPIENT_REQUIRED = messageRef("admin.push_select_user");
export const PUSH_PAYLOAD_TOO_LARGE = messageRef("admin.push_payload_too_large");

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
  .max(PUSH_ENDPOINT_MAX, messageRef("admin.push_endpoint_too_long", { max: PUSH_ENDPOINT_MAX }));

/** POST /api/push/subscriptions: what PushSubscription.toJSON() gives. */
const EXPIRATION_TIME = messageRef("admin.push_expiration_invalid");
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
    { error: messageRef("admin.push_keys_required") },
  ),
});
export type PushSubscriptionInput = z.output<typeof pushSubscriptionSchema>;

/** DELETE /api/push/subscriptions. */
export const pushUnsubscribeSchema = z.object({ endpoint });

const NOT_USER_IDS = messageRef("admin.push_user_ids_invalid");
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

const text = (max: number, tooLong: string) => z.string({ error: PUSH_TEXT_REQUIRED }).trim().min(1, PUSH_TEXT_REQUIRED).max(max, tooLong);

/** POST /api/push/send (docs/product.md#push-notifications). */
export const pushSendSchema = z.object({
  externalUserIds: z
    .array(userId, { error: PUSH_RECIPIENT_REQUIRED })
    .min(1, PUSH_RECIPIENT_REQUIRED)
    .max(PUSH_RECIPIENTS_MAX, messageRef("admin.push_too_many_users", { max: PUSH_RECIPIENTS_MAX }))
    .transform((ids) => [...new Set(ids)]),
  title: text(PUSH_TITLE_MAX, messageRef("admin.push_title_too_long", { max: PUSH_TITLE_MAX })),
  body: text(PUSH_BODY_MAX, messageRef("admin.push_message_too_long", { max: PUSH_BODY_MAX })),
});
export type PushSendInput = z.output<typeof pushSendSchema>;

/** The admin panel's Notifications form: the send request's title and body, checked as it checks them (its recipient is chosen beside it). */
export const pushMessageFormSchema = pushSendSchema.pick({ title: true, body: true });

export type PushSendResult = { ok: boolean; error?: string };

/** GET /public/onesignal-config. */
export type PushConfig = { appId: string; vapidPublicKey: string };

/**
 * What the service worker receives and shows (docs/product.md#push-notifications). `badge`, in a
 * reminder's push: how many tasks are due today or overdue, for the app icon (decision 119); absent
 * when the student turned the badge off, and in every other push. A worker from before it ignores it.
 */
export type PushPayload = { title: string; body: string; url: string; tag: string; badge?: number };
