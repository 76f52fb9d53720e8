import { BellRing } from "lucide-react";
import { ComingSoonScreen } from "@/app/components/coming-soon-screen";

/** Placeholder for /admin/push-debug (spec §2): push is not built yet. */
export function PushDebugScreen() {
  return <ComingSoonScreen icon={BellRing} title="Push Debug" text="Push notification diagnostics are coming soon." />;
}
