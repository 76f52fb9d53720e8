import { QueryClientProvider } from "@tanstack/react-query";
import { render, type RenderResult } from "@testing-library/react";
import userEvent, { PointerEventsCheckLevel, type UserEvent } from "@testing-library/user-event";
import type { ReactElement, ReactNode } from "react";
import { vi } from "vitest";
import { Router } from "wouter";
import { memoryLocation } from "wouter/memory-location";
import type { User } from "@core/api-types";
import { LOCALE_COOKIE, type Locale } from "@core/i18n/locale";
import { App } from "@/app/app";
import { forgetSession } from "@/lib/api/session-expiry";
import { activateLocale, loadWords } from "@/lib/i18n";
import { createQueryClient, queryClient } from "@/lib/query-client";
import { FakeServer } from "./fake-server";

/**
 * The component layer's render helpers (docs/decisions/120): one place that knows the app's
 * providers, its words and its network. `renderApp` starts the whole app at a path, as a visit does,
 * against a FakeServer; `renderComponent` renders one component inside the same providers.
 */

export interface RenderOptions {
  /** The network; a new FakeServer (health, session, CSRF token answered) unless given. */
  server?: FakeServer;
  /** Signed in as this user (GET /api/session answers them); a visitor when null or left out. */
  user?: User | null;
  /** The device's language, its catalog loaded before the first render. */
  locale?: Locale;
  /** The viewport width: 375 for a phone (the app reads `(max-width: 767px)`), 1280 unless given. */
  width?: number;
  /** The clock's time at the start (it runs on from there), e.g. "2026-11-30T10:00:00-05:00"; the real time unless given. */
  now?: string;
}

export interface Rendered extends RenderResult {
  server: FakeServer;
  /** Types, clicks and presses keys as a person does (Testing Library's user-event). */
  user: UserEvent;
}

const ALL_WORDS = ["app", "calendar", "classes", "admin", "auth", "sso"] as const;

/**
 * A person at the keyboard and mouse. Without the pointer-events check: it reads every ancestor's
 * computed style on each click (seconds per dialog in jsdom), and jsdom has no stylesheet to find
 * `pointer-events: none` in anyway; the browser suite clicks through real CSS.
 */
const person = () => userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never, delay: null });
let current: FakeServer | undefined;

async function prepare(options: RenderOptions): Promise<FakeServer> {
  if (options.now) vi.useFakeTimers({ now: new Date(options.now), toFake: ["Date"], shouldAdvanceTime: true });
  const server = options.server ?? new FakeServer();
  if (options.user !== undefined) server.user = options.user;
  current = server;
  vi.stubGlobal("fetch", server.fetch);
  const locale = options.locale ?? "en";
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/`;
  document.documentElement.lang = locale;
  await activateLocale(locale);
  await loadWords(...ALL_WORDS);
  setViewportWidth(options.width ?? 1280);
  return server;
}

/** Resizes the window the app's media queries read. */
export function setViewportWidth(width: number): void {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
  window.dispatchEvent(new Event("resize"));
}

/** The whole app at `path` (e.g. "/auth", "/#todo"), as a browser opening that address. */
export async function renderApp(path = "/", options: RenderOptions = {}): Promise<Rendered> {
  const server = await prepare(options);
  window.history.replaceState(null, "", path);
  const view = render(<App />);
  return { ...view, server, user: person() };
}

/** One component with the app's providers: a fresh query client, the words, a router at `path`. */
export async function renderComponent(
  ui: ReactElement,
  options: RenderOptions & { path?: string } = {},
): Promise<Rendered & { location: () => string }> {
  const server = await prepare(options);
  const client = createQueryClient();
  if (server.user) client.setQueryData(["/api/user"], server.user);
  const memory = memoryLocation({ path: options.path ?? "/", record: true });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <Router hook={memory.hook}>{children}</Router>
    </QueryClientProvider>
  );
  const view = render(ui, { wrapper });
  return { ...view, server, user: person(), location: () => memory.history.at(-1) ?? "" };
}

/**
 * After each test (client/test/setup.ts): the app's module-wide state goes back to a fresh visit's,
 * and a request the test's FakeServer had no answer for fails the test.
 */
export async function finishRender(): Promise<void> {
  // The toast library keeps its toasts module-wide: one left over would show in the next test.
  (await import("sonner")).toast.dismiss();
  queryClient.clear();
  forgetSession();
  document.cookie = `${LOCALE_COOKIE}=; path=/; max-age=0`;
  localStorage.clear();
  sessionStorage.clear();
  await activateLocale("en");
  const unanswered = current?.unanswered.splice(0) ?? [];
  current = undefined;
  if (unanswered.length > 0) {
    throw new Error(`The app asked for what the test's FakeServer does not answer: ${unanswered.join(", ")}`);
  }
}
