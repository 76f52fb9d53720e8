import { type FormEvent, useEffect, useId, useState } from "react";
import type { AdminUser } from "@core/schemas/admin";
import { sendPush } from "@/api/push/send-push";
import { SubmitButton } from "@/components/form/submit-button";
import { ErrorState } from "@/components/states/error-state";
import { LoadingState } from "@/components/states/loading-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage, serverMessage } from "@/lib/api/errors";
import { showToast } from "@/lib/toast";
import { useAdminUsers } from "../api/admin-users";
import { chooserShortfallText } from "../utils/user-count";

/** How many matches the chooser lists: enough to pick from, short enough for a phone. */
const CHOICES = 8;
/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 250;

/** The spec's push-send toasts (§8), word for word. */
export const PUSH_SEND_TEXT = {
  selectUser: "Please select a user",
  required: "Title and message are required",
  failed: "Failed to send notification",
  sent: "Push notification sent successfully",
} as const;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const fullName = (user: AdminUser) => `${user.firstName} ${user.lastName}`.trim();

/**
 * Notifications (spec §2): send a push to one chosen user. The user is found by name or email; Send
 * stays disabled until a user, a title and a message are all there (docs/product.md#admin-area).
 */
export function NotificationsTab() {
  const [search, setSearch] = useState("");
  const query = useDebounced(search.trim(), SEARCH_DELAY_MS);
  const users = useAdminUsers(query, "all");
  const [chosen, setChosen] = useState<AdminUser | null>(null);
  const [title, setTitle] = useState("");
  const [message, setMessage] = useState("");
  const [sending, setSending] = useState(false);
  const ids = { search: useId(), title: useId(), message: useId(), chosen: useId(), shortfall: useId() };
  const matches = (users.data?.pages ?? []).flatMap((page) => page.items).slice(0, CHOICES);
  // Only a few matches are listed: say so, and that the search reaches the rest.
  const shortfall = users.isSuccess ? chooserShortfallText(matches.length, users.data.pages.at(-1)?.total ?? null) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return showToast({ title: "Error", description: PUSH_SEND_TEXT.selectUser, variant: "destructive" });
    if (!title.trim() || !message.trim())
      return showToast({ title: "Error", description: PUSH_SEND_TEXT.required, variant: "destructive" });
    setSending(true);
    try {
      const result = await sendPush({ externalUserIds: [chosen.id], title: title.trim(), body: message.trim() });
      if (result.ok) {
        showToast({ title: "Success", description: PUSH_SEND_TEXT.sent, variant: "success" });
        setTitle("");
        setMessage("");
      } else {
        showToast({ title: "Failed", description: result.error || PUSH_SEND_TEXT.failed, variant: "destructive" });
      }
    } catch (error) {
      const reason = serverMessage(error) ?? errorMessage(error);
      showToast({ title: "Error", description: `${PUSH_SEND_TEXT.failed}: ${reason}`, variant: "destructive" });
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="admin-notifications-heading" className="grid gap-4">
      <h2 id="admin-notifications-heading" className="text-lg font-semibold">
        Notifications
      </h2>
      <form onSubmit={submit} className="grid max-w-xl gap-4" noValidate>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">User</legend>
          <Label htmlFor={ids.search} className="sr-only">
            Search users
          </Label>
          <Input
            id={ids.search}
            type="search"
            placeholder="Search by name or email"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            autoComplete="off"
            aria-describedby={shortfall ? ids.shortfall : undefined}
          />
          {users.isPending ? (
            <LoadingState label="Loading users" />
          ) : users.isError ? (
            <ErrorState message={`Error loading users: ${errorMessage(users.error)}`} onRetry={() => void users.refetch()} size="sm" />
          ) : matches.length === 0 ? (
            <p className="text-sm text-muted-foreground">No users found matching your criteria</p>
          ) : (
            <ul className="grid gap-1" aria-label="Matching users">
              {matches.map((user) => (
                <li key={user.id}>
                  <label className="grid min-h-11 cursor-pointer grid-cols-[auto_1fr] items-center gap-x-3 rounded-md border px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
                    <input
                      type="radio"
                      name="push-recipient"
                      className="row-span-2 size-4 accent-[var(--color-primary)]"
                      checked={chosen?.id === user.id}
                      onChange={() => setChosen(user)}
                    />
                    <span className="font-medium break-words">{fullName(user)}</span>
                    <span className="col-start-2 text-sm break-all text-muted-foreground">{user.email}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          {shortfall && (
            <p id={ids.shortfall} className="text-sm text-muted-foreground">
              {shortfall}
            </p>
          )}
          <p id={ids.chosen} className="text-sm" aria-live="polite">
            {chosen ? `Sending to ${fullName(chosen)} (${chosen.email})` : "No user selected"}
          </p>
        </fieldset>

        <div className="grid gap-2">
          <Label htmlFor={ids.title}>Title</Label>
          <Input id={ids.title} value={title} maxLength={120} onChange={(event) => setTitle(event.target.value)} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={ids.message}>Message</Label>
          <Textarea id={ids.message} value={message} maxLength={800} rows={4} onChange={(event) => setMessage(event.target.value)} />
        </div>
        <div>
          <SubmitButton pending={sending} pendingText="Sending..." disabled={!chosen || !title || !message}>
            Send Notification
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
