import { useEffect, useState, type MouseEvent } from "react";
import type { SsoProvider } from "@/api/auth/sign-in-options";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { ssoStartHref } from "../utils/sso";

/** A plain click (not one opening a new tab or window): the page is about to leave for the provider. */
const leavesThePage = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * Which link was followed, until the page leaves for the provider. Back from the provider brings
 * the page back from the browser's memory as it was left (`pageshow` with `persisted`): no longer busy.
 */
export function useLeavingWith(): [string | null, (id: string | null) => void] {
  const [leaving, setLeaving] = useState<string | null>(null);
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeaving(null);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);
  return [leaving, setLeaving];
}

/**
 * The spinner of a followed link, drawn by CSS: the Spinner component's icon would bring a chunk of
 * its own to Settings, whose delete dialog shows this link, and with it a split of the app's entry
 * that the Home tab's budget cannot afford.
 */
export function BusyMark() {
  return <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" />;
}

type SsoLinkProps = {
  href: string;
  busy: boolean;
  /** Another link was followed: this one does nothing until the page has left. */
  inert: boolean;
  onLeave: () => void;
  className?: string;
  children: string;
};

/**
 * A provider's button: a link to the server, which sends the browser on to the provider (a full-page
 * navigation, not a request of the app's). Once followed it shows a spinner and takes no second click.
 */
export function SsoLink({ href, busy, inert, onLeave, className, children }: SsoLinkProps) {
  return (
    <a
      href={href}
      aria-busy={busy || undefined}
      aria-disabled={busy || inert || undefined}
      onClick={(event) => {
        if (busy || inert) {
          event.preventDefault();
          return;
        }
        if (leavesThePage(event)) onLeave();
      }}
      className={cn(buttonVariants({ variant: "outline", size: "lg" }), "w-full aria-disabled:opacity-70", className)}
    >
      {busy && <BusyMark />}
      {children}
    </a>
  );
}

/** The school's providers, one button each, above the password form with "or" between them (no divider when no form follows). */
export function SsoButtons({ providers, divider }: { providers: readonly SsoProvider[]; divider: string | null }) {
  const [leaving, setLeaving] = useLeavingWith();
  if (providers.length === 0) return null;
  return (
    <div className="mb-6 grid gap-3 motion-safe:animate-fade-in">
      <ul className="grid gap-2">
        {providers.map((provider) => (
          <li key={provider.id}>
            <SsoLink
              href={ssoStartHref(provider.id)}
              busy={leaving === provider.id}
              inert={leaving !== null && leaving !== provider.id}
              onLeave={() => setLeaving(provider.id)}
            >
              {provider.label}
            </SsoLink>
          </li>
        ))}
      </ul>
      {divider !== null && (
        <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
          <span className="h-px flex-1 bg-border" aria-hidden="true" />
          {divider}
          <span className="h-px flex-1 bg-border" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}
