import { ROUTES } from "@/lib/routes";

/** A class's page in the Grades view, and one opening "Add grade" filled in from a task or an exam (issue 53). */
export function gradesHref(subject: string, fill?: { name: string; date: string }): string {
  const params = new URLSearchParams({ class: subject });
  if (fill) {
    params.set("add", "1");
    params.set("name", fill.name);
    params.set("date", fill.date);
  }
  return `${ROUTES.grades}?${params}`;
}
