import type { User } from "@core/api-types";
import { SchoolPage } from "@/features/admin/components/school-page";
import { screenTitle, useDocumentTitle } from "@/hooks/use-document-title";
import { useT } from "@/lib/i18n";

/** /admin/school for an admin (the router sends anyone else to /): the school's day, behind the passcode gate. */
export function AdminSchoolScreen({ user }: { user: User }) {
  const t = useT();
  useDocumentTitle(screenTitle(t("admin.school_title")));
  return <SchoolPage user={user} />;
}
