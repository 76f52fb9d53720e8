import { useMemo, useState } from "react";
import type { RefCallBack } from "react-hook-form";
import { subjectOptions } from "@core/classes";
import { FormControl, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useLocale, useT } from "@/lib/i18n";

/** Radix Select items cannot have an empty value; this one stands for "no subject". */
const NO_SUBJECT = "__none__";

type SubjectFieldProps = {
  label: string;
  /** The subject held by the form ("" for none), and the react-hook-form field's handlers. */
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  selectRef: RefCallBack;
  userClasses: readonly string[] | null | undefined;
};

/**
 * The Subject choice of the task and event dialogs: the student's classes with their periods, or
 * the fallback subjects (docs/product.md#classes-and-subjects). A stored subject that is no longer
 * one of the classes stays selectable (decision 020), so editing never silently drops it.
 */
export function SubjectField({ label, value, onChange, onBlur, selectRef, userClasses }: SubjectFieldProps) {
  const [stored] = useState(value);
  const t = useT();
  const locale = useLocale();
  const subjects = useMemo(() => {
    const options = subjectOptions(userClasses, { t, locale });
    if (stored && !options.some((o) => o.value === stored)) options.push({ value: stored, label: stored, periodLabel: "" });
    return options;
  }, [userClasses, stored, t, locale]);
  return (
    <FormItem>
      <FormLabel>{label}</FormLabel>
      <Select value={value || NO_SUBJECT} onValueChange={(v) => onChange(v === NO_SUBJECT ? "" : v)}>
        <FormControl>
          <SelectTrigger onBlur={onBlur} ref={selectRef}>
            <SelectValue placeholder={t("dashboard.select_a_subject")} />
          </SelectTrigger>
        </FormControl>
        <SelectContent>
          <SelectItem value={NO_SUBJECT}>{t("dashboard.no_subject")}</SelectItem>
          {subjects.map((s) => (
            <SelectItem key={s.value} value={s.value}>
              {s.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <FormMessage />
    </FormItem>
  );
}
