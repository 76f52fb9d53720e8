import { UserRound } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { User } from "@core/api-types";
import { useT } from "@/lib/i18n";

/** Full name, else the email, else `fallback`, "Student" (docs/product.md#sidebar-and-mobile-drawer). */
export function displayName(user: Pick<User, "firstName" | "lastName" | "email">, fallback: string): string {
  const full = `${user.firstName ?? ""} ${user.lastName ?? ""}`.trim();
  return full || user.email || fallback;
}

export function UserProfile({ user }: { user: User }) {
  const [imageFailed, setImageFailed] = useState(false);
  const t = useT();
  const name = displayName(user, t("dashboard.student"));
  const hasName = `${user.firstName ?? ""}${user.lastName ?? ""}`.trim().length > 0;
  const image = user.profileImageUrl && !imageFailed ? user.profileImageUrl : null;
  return (
    <div className="flex min-w-0 items-center gap-3">
      {image ? (
        <img src={image} alt="" className="size-11 shrink-0 rounded-full object-cover" onError={() => setImageFailed(true)} />
      ) : (
        <span
          aria-hidden="true"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary"
        >
          <UserRound className="size-6" />
        </span>
      )}
      <div className="min-w-0">
        {/* Wrapped, never cut: a long school email must stay readable in full (issue 14). */}
        <p className="font-semibold break-words" data-testid="user-display-name">
          {hasName ? name : withBreaksAtDots(name)}
        </p>
        {/* A long school email breaks after its @ and dots, never inside a word. */}
        {hasName && user.email && <p className="text-sm break-words text-muted-foreground">{withBreaksAtDots(user.email)}</p>}
      </div>
    </div>
  );
}

/** The email with a line-break opportunity after "@" and after each dot. */
function withBreaksAtDots(email: string): ReactNode[] {
  return email.split(/(?<=[@.])/).flatMap((part, i) => (i === 0 ? [part] : [<wbr key={i} />, part]));
}
