import { useId } from "react";
import { Switch } from "@/components/ui/switch";
import { useT } from "@/lib/i18n";
import { setSingleKeyShortcutsOn, useSingleKeyShortcutsOn } from "./keyboard-shortcuts";

/** Settings → single-key shortcuts, on this device (WCAG 2.1.4, decision 123). */
export function KeyboardShortcutsSetting() {
  const on = useSingleKeyShortcutsOn();
  const id = useId();
  const hintId = useId();
  const t = useT();
  return (
    <section className="grid gap-2" aria-labelledby={id}>
      <div className="flex items-center justify-between gap-3">
        <label id={id} htmlFor={`${id}-switch`} className="text-sm font-medium">
          {t("settings.single_key_shortcuts")}
        </label>
        <Switch id={`${id}-switch`} checked={on} aria-describedby={hintId} onCheckedChange={setSingleKeyShortcutsOn} />
      </div>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t("settings.single_key_shortcuts_hint")}
      </p>
    </section>
  );
}
