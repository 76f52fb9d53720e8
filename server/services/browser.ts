import type { SessionRow } from "../db/schema";
import type { Locale } from "../../core/i18n/locale";
import type { SessionUser } from "../repositories/sessions";

/**
 * The browser a service acts for (issue 50: services take values, never a request or a reply).
 * The HTTP layer makes one per request (`browserOf`, server/http/browser.ts): who is asking, from
 * where, in which language, and the session it holds; the session's cookie changes only through
 * `holdSession` and `forgetSession`, which the HTTP layer turns into Set-Cookie.
 */
export interface Browser {
  /** The client's address (TRUST_PROXY decides which), for the rate limits. */
  readonly ip: string;
  /** The language the answer and anything made for this browser (a new account) are in. */
  readonly locale: Locale;
  /** Who is signed in on this browser, or null. */
  readonly user: SessionUser | null;
  /** The session it holds (its row), or null. */
  readonly session: SessionRow | null;
  /** That session's id (its cookie), or null. */
  readonly sessionId: string | null;
  /** From now on the browser holds session `id` (its row as it is now, when it changed). */
  holdSession(id: string, session?: SessionRow): void;
  /** The browser holds no session any more. */
  forgetSession(): void;
}
