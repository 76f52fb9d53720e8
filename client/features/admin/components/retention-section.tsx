import { formatShortDate } from "@core/format";
import { todayIn } from "@core/dates";
import type { RetentionOverview } from "@core/schemas/retention";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { useLocale, useT } from "@/lib/i18n";
import { useRetention } from "../api/retention";

/** The day of an instant on this device's calendar. */
const dayOf = (iso: string) => todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, new Date(iso));

/**
 * Data retention (issue 55, decision 137): the policy the server runs (its variables are the
 * operator's), when it last ran, and whom its next run will email and delete, so staff see it
 * coming. A cohort is deleted from the user list (select, then Delete).
 */
export function RetentionSection() {
  const t = useT();
  const retention = useRetention();
  return (
    <section aria-labelledby="admin-retention-heading" className="grid gap-3">
      <h2 id="admin-retention-heading" className="text-lg font-semibold">
        {t("admin.retention_title")}
      </h2>
      {retention.isPending ? (
        <LoadingState label={t("admin.retention_loading")} />
      ) : retention.isError ? (
        <ErrorState
          message={t("admin.retention_load_failed")}
          onRetry={() => void retention.refetch()}
          retryLabel={t("admin.try_again")}
          size="sm"
        />
      ) : (
        <RetentionDetails overview={retention.data} />
      )}
    </section>
  );
}

function RetentionDetails({ overview }: { overview: RetentionOverview }) {
  const t = useT();
  const locale = useLocale();
  const { policy } = overview;
  return (
    <div className="grid max-w-xl gap-3 text-sm">
      <p>
        {policy.inactiveDays === null
          ? t("admin.retention_off")
          : t("admin.retention_on", { days: policy.inactiveDays, mail: policy.mailNotices ? "yes" : "no" })}
      </p>
      <p>{t("admin.retention_disabled", { days: policy.disabledDays })}</p>
      <p>{t("admin.retention_audit", { days: policy.auditDays })}</p>
      <p className="text-muted-foreground">
        {overview.lastRunAt
          ? t("admin.retention_last_run", { date: formatShortDate(dayOf(overview.lastRunAt), locale) })
          : t("admin.retention_never_run")}
      </p>
      {policy.inactiveDays !== null && (
        <>
          <AccountList title={t("admin.retention_will_notify", { count: overview.willNotify.length })} accounts={overview.willNotify} />
          <AccountList title={t("admin.retention_will_delete", { count: overview.willDelete.length })} accounts={overview.willDelete} />
        </>
      )}
    </div>
  );
}

function AccountList({ title, accounts }: { title: string; accounts: RetentionOverview["willNotify"] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className="grid gap-1">
      <h3 className="font-medium">{title}</h3>
      {accounts.length === 0 ? (
        <p className="text-muted-foreground">{t("admin.retention_none")}</p>
      ) : (
        <ul aria-label={title} className="grid gap-1 rounded-md border p-2">
          {accounts.map((account) => (
            <li key={account.userId} className="break-all">
              {t("admin.retention_last_used", { email: account.email, date: formatShortDate(dayOf(account.lastSeenAt), locale) })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
