import { useT } from "@/lib/i18n";

export function SiteFooter() {
  const t = useT();
  return <footer className="border-t bg-card/60 py-6 text-center text-sm text-muted-foreground">{t("common.footer")}</footer>;
}
