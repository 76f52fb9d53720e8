import type { User } from "@core/api-types";
import { AdminPanel } from "@/features/admin/components/admin-panel";
import { PushDebugPanel } from "@/features/push/components/push-debug-panel";
import { screenTitle, useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n";

/** /admin for an admin (the router sends anyone else to /): the panel behind its passcode gate. */
export function AdminScreen({ user }: { user: User }) {
  const t = useT();
  useDocumentTitle(screenTitle(t("admin.title")));
  return <AdminPanel user={user} unlockedUntil={user.adminUnlockedUntil ?? null} pushDebug={<PushDebugPanel userId={user.id} />} />;
}
