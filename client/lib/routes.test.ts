import { describe, expect, it } from "vitest";
import { isAppPage, PAGE_PATHS } from "@core/app-pages";
import { PASSWORD_BY_EMAIL_ROUTES } from "./password-by-email-routes";
import { ROUTES } from "./routes";

/**
 * The server answers a page load 200 only for the paths in core/app-pages.ts, and any other with the
 * app's 404 page as a 404 (issue 49). The client's own route lists stay apart (the Home tab's
 * bundle carries ROUTES alone, decision 079): this keeps the two in step.
 */
describe("the pages the server knows are the client's routes", () => {
  const clientPaths = [...Object.values(ROUTES), ...Object.values(PASSWORD_BY_EMAIL_ROUTES)].map((route) => route.split("?")[0]!);

  it("every client route is a page to the server", () => {
    for (const path of clientPaths) expect(isAppPage(path), path).toBe(true);
  });

  it("every page the server knows is a client route", () => {
    expect(new Set(clientPaths)).toEqual(new Set(Object.values(PAGE_PATHS)));
  });

  it.each(["/no/such/page", "/auth/", "/metrics", "/admin/schools", ""])("%s is not a page", (path) => {
    expect(isAppPage(path)).toBe(false);
  });
});
