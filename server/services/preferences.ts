import { messageRef } from "../../core/i18n/translate";
import type { Preferences } from "../../core/schemas/preferences";
import { notFound } from "../errors";
import type { RunInTransaction } from "../repositories/transaction";
import type { ReminderPlanner } from "./reminders";

/** The preferences of a users row. */
export function preferencesOf(user: { evening_summary_time: string | null; locale: Preferences["locale"] }): Preferences {
  return { eveningSummaryTime: user.evening_summary_time, locale: user.locale };
}

/** PUT /api/user/preferences: the evening summary's time and its schedule change together, with the language beside them. */
export function createPreferencesService(transaction: RunInTransaction, reminders: ReminderPlanner) {
  return {
    update(userId: number, changes: Partial<Preferences>): Promise<Preferences> {
      return transaction(async (tx) => {
        if (changes.eveningSummaryTime !== undefined) {
          await tx.users.setEveningSummaryTime(userId, changes.eveningSummaryTime);
          await reminders.armSummary(tx, userId, changes.eveningSummaryTime);
        }
        if (changes.locale !== undefined) await tx.users.setLocale(userId, changes.locale);
        const user = await tx.users.findById(userId);
        if (!user) throw notFound(messageRef("server.user_not_found"));
        return preferencesOf(user);
      });
    },
  };
}
export type PreferencesService = ReturnType<typeof createPreferencesService>;
