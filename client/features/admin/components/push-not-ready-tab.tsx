import { BellOff } from "lucide-react";
import { EmptyState } from "@/components/states/empty-state";

/**
 * The Notifications and Push Debug tabs until push is built (issue 20: the only tabs allowed to say
 * so): what each will hold, and that it is not set up yet.
 */
export function PushNotReadyTab({ title, text }: { title: string; text: string }) {
  return (
    <section aria-labelledby={`admin-${title.replace(/\s+/g, "-").toLowerCase()}-heading`} className="grid gap-2">
      <h2 id={`admin-${title.replace(/\s+/g, "-").toLowerCase()}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      <EmptyState icon={<BellOff />} title="Push notifications are not set up yet" text={text} />
    </section>
  );
}
