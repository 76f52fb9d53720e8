import { messageRef } from "../../core/i18n/translate";
import { type CreatedDevicePassword, type DevicePassword, MAX_DEVICE_PASSWORDS } from "../../core/schemas/device-passwords";
import { conflict, notFound } from "../errors";
import type { RunInTransaction } from "../repositories/transaction";
import { hashReadableSecret, readableSecret } from "./readable-secrets";
import type { Clock } from "./reminders";

export const DEVICE_PASSWORD_NOT_FOUND = messageRef("caldav.device_password_not_found");
export const TOO_MANY_DEVICE_PASSWORDS = messageRef("caldav.too_many", { max: MAX_DEVICE_PASSWORDS });

/**
 * A new device password: four groups of four ("k7mq-3xwp-…"), about 79 bits of randomness (the
 * readable secrets' form).
 */
export const generateDevicePassword = () => readableSecret(4);

/** What is stored of a device password: the SHA-256 of it as typed, without dashes or spaces, in lower case. */
export const hashDevicePassword = hashReadableSecret;

/**
 * Device passwords (issue 52, decision 133): what the phone's own calendar apps sign in with over
 * CalDAV, one per app, named, listed with their last use, revoked by the student or an admin.
 */
export function createDevicePasswordsService(options: { transaction: RunInTransaction; clock: Clock }) {
  const { transaction, clock } = options;
  return {
    list(userId: number): Promise<DevicePassword[]> {
      return transaction((tx) => tx.devicePasswords.listForUser(userId));
    },

    /** A new one for `user`, answered with its password: the only time it is shown. */
    create(user: { id: number; email: string }, name: string, serverUrl: string): Promise<CreatedDevicePassword> {
      return transaction(async (tx) => {
        await tx.users.lockUser(user.id);
        if ((await tx.devicePasswords.countForUser(user.id)) >= MAX_DEVICE_PASSWORDS) throw conflict(TOO_MANY_DEVICE_PASSWORDS);
        const password = generateDevicePassword();
        const created = await tx.devicePasswords.create(user.id, name, hashDevicePassword(password), clock());
        return { id: created.id, name: created.name, username: user.email, password, serverUrl };
      });
    },

    /** Revokes one of the user's: every calendar app using it is refused from its next request, on every instance. */
    revoke(userId: number, id: number): Promise<void> {
      return transaction(async (tx) => {
        if (!(await tx.devicePasswords.deleteForUser(userId, id))) throw notFound(DEVICE_PASSWORD_NOT_FOUND);
      });
    },
  };
}
export type DevicePasswordsService = ReturnType<typeof createDevicePasswordsService>;
