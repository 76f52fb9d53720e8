import { ADMIN_LOCKED } from "@core/admin";
import { ApiError, serverMessage } from "@/lib/api/errors";

/** Whether an admin call was refused because the panel is locked (the 30 minutes ended, or Exit Admin elsewhere). */
export function isAdminLocked(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && serverMessage(error) === ADMIN_LOCKED;
}
