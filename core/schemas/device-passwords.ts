import { z } from "zod";
import { messageRef } from "../i18n/translate";

/** A device password's name, as the student gives it ("Maya's iPhone"). */
export const DEVICE_PASSWORD_NAME_MAX = 60;
/** How many calendar apps one account may connect at once: a phone, a tablet, a laptop, a school computer, with room to spare. */
export const MAX_DEVICE_PASSWORDS = 10;

const NAME_REQUIRED = messageRef("caldav.name_required");

/** POST /api/user/device-passwords. */
export const createDevicePasswordSchema = z.object({
  name: z
    .string({ error: NAME_REQUIRED })
    .trim()
    .min(1, NAME_REQUIRED)
    .max(DEVICE_PASSWORD_NAME_MAX, messageRef("caldav.name_too_long", { max: DEVICE_PASSWORD_NAME_MAX })),
});
export type CreateDevicePasswordInput = z.input<typeof createDevicePasswordSchema>;

/** A device password as listed: never the password itself. */
export const devicePasswordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  /** When a calendar app last signed in with it; null until one has. */
  lastUsedAt: z.string().nullable(),
});
export type DevicePassword = z.infer<typeof devicePasswordSchema>;

/** The answer to a create: the only time the password is shown, with what a calendar app asks for. */
export const createdDevicePasswordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The account's email address: the user name a calendar app signs in with. */
  username: z.string(),
  password: z.string(),
  /** The address a calendar app is given (discovery starts from it). */
  serverUrl: z.string(),
});
export type CreatedDevicePassword = z.infer<typeof createdDevicePasswordSchema>;
