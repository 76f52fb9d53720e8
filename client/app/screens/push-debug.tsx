import { BellRing } from "lucide-react";
import { ComingSoonScreen } from "@/app/components/coming-soon-screen";

/** Placeholder for /admin/push-debug (docs/product.md#push-notifications-and-installable-app): push is not built yet. */
export function PushDebugScreen() {
  return <ComingSoonScreen icon={BellRing} title="Push Debug" text="Push notification diagnostics are coming soon." />;
}
