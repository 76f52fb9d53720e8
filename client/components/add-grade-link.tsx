import { GraduationCap } from "lucide-react";
import { Link } from "wouter";
import { classNameKey } from "@core/classes";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { gradesHref } from "@/lib/grades-href";

/**
 * "Add its grade" on a completed task or an exam (issue 53): the Grades view's Add grade, filled in
 * with its name, class and date. Shown only for one of the student's classes.
 */
export function AddGradeLink({
  title,
  subject,
  date,
  userClasses,
}: {
  title: string;
  subject: string | null;
  date: string;
  userClasses: readonly string[];
}) {
  const t = useT();
  const known = subject ? userClasses.find((name) => classNameKey(name) === classNameKey(subject)) : undefined;
  if (!known) return null;
  return (
    <Button asChild variant="outline" className="justify-self-start">
      <Link href={gradesHref(known, { name: title, date })}>
        <GraduationCap aria-hidden="true" /> {t("dashboard.add_its_grade")}
      </Link>
    </Button>
  );
}
