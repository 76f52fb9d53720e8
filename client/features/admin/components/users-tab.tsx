import { FileUp, Search, Users } from "lucide-react";
import { useEffect, useState } from "react";
import { EmptyState } from "@/components/states/empty-state";
import { LoadingState } from "@/components/states/loading-state";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useT } from "@/lib/i18n";
import { onDemand, useOnDemand } from "@/lib/on-demand";
import { showDownloadFailed } from "@/lib/toast";
import type { MessageId } from "@core/i18n/translate";
import { useAdminUsers } from "../api/admin-users";
import { useAdminUrl } from "../hooks/use-admin-url";
import type { UserRoleFilter } from "../types/admin";
import { userCountText } from "../utils/user-count";
import { TemporaryPasswordDialog } from "./temporary-password-dialog";
import { LoadMore } from "./load-more";
import { UserRow } from "./user-row";
import { CohortDeleteDialog } from "./cohort-delete-dialog";

// The roster import (its dialog, the CSV reader and writer) arrives when Import Students is
// pressed, which few visits do (decision 124).
const rosterImport = onDemand(() => import("./roster-import-dialog"));

/** How long typing pauses before the search runs (and lands in the URL). */
const SEARCH_DEBOUNCE_MS = 300;

const ROLE_LABELS = {
  all: "admin.role_all",
  admins: "admin.role_admins",
  regular: "admin.role_regular",
} as const satisfies Record<UserRoleFilter, MessageId>;

/**
 * User Management (spec §2): search, the role filter, how many users match, and the users newest
 * first, more loading as the admin scrolls.
 */
export function UsersTab({ selfId }: { selfId: number }) {
  const { search, role, update } = useAdminUrl();
  const [typed, setTyped] = useState(search);
  const users = useAdminUsers(search, role);
  const [reset, setReset] = useState<{ name: string; temporaryPassword: string } | null>(null);
  const [importing, setImporting] = useState(false);
  // Accounts picked for deleting together (a cohort, issue 55): kept across searches, by id.
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [deletingCohort, setDeletingCohort] = useState(false);
  const select = (id: number, on: boolean) =>
    setSelected((before) => {
      const next = new Set(before);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const t = useT();
  const importDialog = useOnDemand(rosterImport, importing, () => {
    showDownloadFailed(t("admin.the_student_import"));
    setImporting(false);
  }).module;

  useEffect(() => {
    const query = typed.trim();
    if (query === search) return;
    const timer = setTimeout(() => update({ search: query }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, search, update]);

  const rows = users.data?.pages.flatMap((page) => page.items) ?? [];
  // Every page carries the count; the last one fetched is the freshest.
  const total = users.data?.pages.at(-1)?.total ?? null;

  return (
    <section aria-labelledby="admin-users-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="admin-users-heading" className="text-lg font-semibold">
          {t("admin.tab_users")}
        </h2>
        <Button variant="outline" size="sm" onClick={() => setImporting(true)}>
          <FileUp aria-hidden="true" /> {t("admin.import_students")}
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
        <div className="grid gap-1.5">
          <Label htmlFor="admin-user-search">{t("admin.search_users")}</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden="true"
            />
            <Input
              id="admin-user-search"
              type="search"
              value={typed}
              maxLength={200}
              placeholder={t("admin.search_placeholder")}
              autoComplete="off"
              onChange={(event) => setTyped(event.target.value)}
              className="pl-9"
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label id="admin-role-filter-label">{t("common.show")}</Label>
          <Select value={role} onValueChange={(value) => update({ role: value as UserRoleFilter }, { replace: true })}>
            <SelectTrigger aria-labelledby="admin-role-filter-label">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {(Object.keys(ROLE_LABELS) as UserRoleFilter[]).map((value) => (
                <SelectItem key={value} value={value}>
                  {t(ROLE_LABELS[value])}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      {users.isPending ? (
        <LoadingState label={t("admin.loading_users")} />
      ) : users.isError && rows.length === 0 ? (
        <div className="grid justify-items-center gap-3 py-6 text-center">
          <p role="alert" className="text-sm text-destructive">
            {t("admin.users_error", { error: users.error.message })}
          </p>
          <Button variant="outline" size="sm" onClick={() => void users.refetch()}>
            {t("admin.try_again")}
          </Button>
        </div>
      ) : rows.length === 0 ? (
        <EmptyState icon={<Users />} title={t("admin.no_users")} />
      ) : (
        <>
          {total !== null && (
            <p role="status" className="-mb-2 text-sm text-muted-foreground">
              {userCountText(total, t)}
            </p>
          )}
          <ul aria-label={t("admin.users")} aria-busy={users.isFetching} className="grid gap-2">
            {rows.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isSelf={user.id === selfId}
                onPasswordReset={setReset}
                // Staff and oneself are never deleted with a cohort (the server refuses too).
                selection={
                  user.id === selfId || user.isAdmin
                    ? undefined
                    : { selected: selected.has(user.id), onChange: (on) => select(user.id, on) }
                }
              />
            ))}
          </ul>
          <LoadMore query={users} label={t("admin.load_more_users")} loadingLabel={t("admin.loading_more_users")} />
          {users.isError && (
            <p role="alert" className="text-center text-sm text-destructive">
              {t("admin.users_error", { error: users.error.message })}
            </p>
          )}
        </>
      )}
      {selected.size > 0 && (
        <div
          role="region"
          aria-label={t("admin.selected_count", { count: selected.size })}
          className="sticky bottom-2 flex flex-wrap items-center justify-between gap-2 rounded-lg border bg-card p-3 shadow-md"
        >
          <p className="text-sm font-medium">{t("admin.selected_count", { count: selected.size })}</p>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setSelected(new Set())}>
              {t("admin.clear_selection")}
            </Button>
            <Button variant="destructive" size="sm" onClick={() => setDeletingCohort(true)}>
              {t("admin.delete_selected", { count: selected.size })}
            </Button>
          </div>
        </div>
      )}
      <CohortDeleteDialog
        userIds={[...selected]}
        open={deletingCohort}
        onClose={() => setDeletingCohort(false)}
        onDeleted={() => {
          setDeletingCohort(false);
          setSelected(new Set());
        }}
      />
      <TemporaryPasswordDialog reset={reset} onClose={() => setReset(null)} />
      {importDialog && <importDialog.RosterImportDialog open={importing} onOpenChange={setImporting} />}
    </section>
  );
}
