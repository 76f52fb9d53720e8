import type { User } from "@core/api-types";
import { AdminPanel } from "@/features/admin/components/admin-panel";
import { OnDemandPart } from "@/features/admin/components/on-demand-part";
import { screenTitle, useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n";
import { onDemand } from "@/lib/on-demand";

// The Push Debug tab's panel arrives when that tab is first opened (decision 124).
const pushDebugPanel = onDemand(() => import("@/features/push/components/push-debug-panel"));

/** /admin for an admin (the router sends anyone else to /): the panel behind its passcode gate. */
export function AdminScreen({ user }: { user: User }) {
  const t = useT();
  useDocumentTitle(screenTitle(t("admin.title")));
  return (
    <AdminPanel
      user={user}
      unlockedUntil={user.adminUnlockedUntil ?? null}
      pushDebug={<OnDemandPart part={pushDebugPanel}>{({ PushDebugPanel }) => <PushDebugPanel userId={user.id} />}</OnDemandPart>}
    />
  );
}
