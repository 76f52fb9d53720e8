import { ShieldCheck } from "lucide-react";
import { ComingSoonScreen } from "@/app/components/coming-soon-screen";

/** Placeholder for the admin panel (docs/product.md#admin-area), reachable by admins only (router guard). */
export function AdminScreen() {
  return <ComingSoonScreen icon={ShieldCheck} title="Admin Panel" text="Admin area is coming soon." />;
}
