import { ADMIN_LOCKED } from "@core/admin";
import { ApiError } from "@/lib/api/errors";

/**
 * Whether an admin call was refused because the panel is locked (the 30 minutes ended, or Exit
 * Admin elsewhere). Told by the answer's `code` when the guard's answer is a message of the catalog
 * (ADMIN_LOCKED its reference, whose id is the code: decision 108), else by its English words.
 */
export function isAdminLocked(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status !== 403) return false;
  // By the answer's code (the message is worded in the reader's language, decision 109).
  return (error.data as { code?: unknown } | undefined)?.code === ADMIN_LOCKED;
}
