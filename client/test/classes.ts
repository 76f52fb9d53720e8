import { cleanup, screen, within } from "@testing-library/react";
import type { User } from "@core/api-types";
import { DEFAULT_SCHOOL_SCHEDULE } from "@core/school-day";
import { forgetSession } from "@/lib/api/session-expiry";
import { queryClient } from "@/lib/query-client";
import { type FakeServer, reply } from "./fake-server";

/**
 * Shared by the class editor's and the shell's component tests (moved from e2e/classes.spec.ts,
 * spanish-classes.spec.ts, shell.spec.ts): the class routes as the server answers them, and the
 * ways a person reads the editor's periods.
 */

/**
 * POST and PUT /api/user/classes answer the user with the classes saved (401 once signed out);
 * GET /api/user/schedule the default school day, GET /api/school/schedule none published.
 */
export function answerClassRoutes(server: FakeServer): FakeServer {
  const save = ({ body }: { body: unknown }) => {
    if (!server.user) return reply(401, { message: "Unauthorized", code: "auth.session_expired" });
    server.user = { ...server.user, userClasses: (body as { userClasses: string[] }).userClasses };
    return server.user;
  };
  server.on("POST /api/user/classes", save);
  server.on("PUT /api/user/classes", save);
  // After a network's time, as in a browser: the School Day step reads the classes just saved from
  // the user query, whose update lands a moment after the step opens (see the report on issue 48).
  server.on("GET /api/user/schedule", () => new Promise((resolve) => setTimeout(() => resolve(DEFAULT_SCHOOL_SCHEDULE), 50)));
  // The school has published no schedule of its own (the School Day step asks).
  server.answer("GET /api/school/schedule", null);
  return server;
}

/** One period of the editor: a group named "Period N" ("Periodo N" in Spanish). */
export const period = (dialog: HTMLElement, n: number, word = "Period") => within(dialog).getByRole("group", { name: `${word} ${n}` });
/** A period's class name field. */
export const className = (dialog: HTMLElement, n: number, word = "Period", label = "Class name") =>
  within(period(dialog, n, word)).getByRole("textbox", { name: label });
/** How many periods the editor shows. */
export const periodCount = (dialog: HTMLElement, word = "Period") =>
  within(dialog).getAllByRole("group", { name: new RegExp(`^${word} \\d+$`) }).length;

/** A reload: the page gone, a fresh start with what the browser keeps (its storage and cookies). */
export function leavePage(): void {
  cleanup();
  queryClient.clear();
  forgetSession();
}

/** The class setup drafts kept in this browser's storage. */
export const classSetupDrafts = () => Object.keys(localStorage).filter((key) => key.includes("class-setup"));

/** Something the signed-in student reads once the dashboard is up. */
export const findGreeting = (name = "Maya") =>
  screen.findByRole("heading", { level: 2, name: new RegExp(`^Good (morning|afternoon|evening), ${name}$`) });

export type { User };
