import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { laterFiles, type Manifest, ROUTE_BUDGETS, type RouteBudget, routeScripts } from "../scripts/bundle-budget";

/** The manifest of the build the server is serving (dist/, built before the suite). */
export function builtManifest(): Manifest {
  return JSON.parse(fs.readFileSync(path.resolve("dist", ".vite", "manifest.json"), "utf8")) as Manifest;
}

function budgetFor(route: string): RouteBudget {
  const budget = ROUTE_BUDGETS.find((r) => r.route === route);
  if (!budget) throw new Error(`No bundle budget for ${route}`);
  return budget;
}

/** The scripts scripts/bundle-budget.ts counts for a route's first screen ("/ (landing page)", …), as URL paths. */
export function budgetedScripts(route: string): string[] {
  return routeScripts(path.resolve("dist"), builtManifest(), budgetFor(route))
    .map((file) => `/${file}`)
    .sort();
}

/** The scripts scripts/bundle-budget.ts reports a route fetching after its first screen, when idle, as URL paths. */
export function idleScripts(route: string): string[] {
  return laterFiles(builtManifest(), budgetFor(route))
    .map((file) => `/${file}`)
    .sort();
}

/** The URL path of the chunk built from `source` (a manifest key such as "components/ui/calendar.tsx"). */
export function chunkOf(source: string): string {
  const chunk = builtManifest()[source];
  if (!chunk) throw new Error(`No chunk built from ${source}`);
  return `/${chunk.file}`;
}

/** Every script the page downloads from now on, as URL paths, sorted when read. */
export function recordScripts(page: Page): { read: () => string[] } {
  const scripts = new Set<string>();
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith(".js")) scripts.add(pathname);
  });
  return { read: () => [...scripts].sort() };
}
