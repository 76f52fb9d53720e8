import type { UserRow } from "../db/schema";
import { conflict, type HttpError } from "../errors";
import type { TransactionScope } from "../repositories/transaction";

/**
 * Deleting an account, the one way (an admin's deletion and a user's own): inside the caller's
 * transaction, the admins' rows locked first so that the last admin can never go (two admins
 * deleting each other run one after the other), then everything of the account's own. Reminders,
 * sent reminders, push devices, identities, focus sessions, device passwords and sign-ins under way go with the user
 * row (on delete cascade); the rest is deleted here so that a trigger-kept count or cache sees each delete.
 */
export async function deleteAccountIn(
  tx: TransactionScope,
  userId: number,
  refusals: { missing: () => HttpError; lastAdmin: string },
  /** The audit entry, written in the same transaction before the rows go. */
  audit: (user: UserRow) => Promise<void>,
): Promise<UserRow> {
  await tx.users.lockAdmins();
  const user = await tx.users.findById(userId);
  if (!user) throw refusals.missing();
  if (user.is_admin && (await tx.users.countAdmins()) <= 1) throw conflict(refusals.lastAdmin);
  await audit(user);
  await tx.events.deleteAllForUser(userId);
  await tx.tasks.deleteAllForUser(userId);
  await tx.grades.deleteAllForUser(userId);
  await tx.sessions.deleteAllForUser(userId);
  await tx.idempotencyKeys.deleteAllForUser(userId);
  await tx.userIdentities.deleteAllForUser(userId);
  await tx.users.deleteById(userId);
  return user;
}
