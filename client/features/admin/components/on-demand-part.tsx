import type { ReactNode } from "react";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { useT } from "@/lib/i18n";
import { type OnDemand, useOnDemand } from "@/lib/on-demand";

/**
 * A part of the admin panel whose code arrives when it is first shown (a tab, the passcode gate),
 * as the dashboard's tabs do (decisions 065, 124): a spinner meanwhile, and a way to try again if
 * the download fails (offline).
 */
export function OnDemandPart<T>({ part, children }: { part: OnDemand<T>; children: (module: T) => ReactNode }) {
  const { module, failed, retry } = useOnDemand(part, true);
  const t = useT();
  if (module) return children(module);
  if (failed) return <ErrorState message={t("admin.part_load_failed")} onRetry={retry} retryLabel={t("admin.try_again")} />;
  return <LoadingState label={t("common.loading")} className="py-12" />;
}
