import { useInfiniteQuery } from "@tanstack/react-query";
import type { AuditLogEntry } from "@core/schemas/admin";
import { getPage } from "./paged-list";

export const AUDIT_LOG_PAGE_SIZE = 50;

/** GET /api/admin/audit-logs, newest first, older pages as the admin scrolls. */
export function useAuditLogs() {
  return useInfiniteQuery({
    queryKey: ["admin", "audit-logs"],
    queryFn: ({ pageParam }) => getPage<AuditLogEntry>(pageParam),
    initialPageParam: `/api/admin/audit-logs?limit=${AUDIT_LOG_PAGE_SIZE}`,
    getNextPageParam: (last) => last.next ?? undefined,
  });
}
