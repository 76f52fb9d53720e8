/**
 * The bundle budget counts what a first visit really downloads: the entry chunk and the route's
 * screen with everything they import statically, never what they import dynamically (tabs,
 * dialogs, the date picker). A small manifest shaped like Vite's (cycles included: a lazy chunk
 * imports the dashboard chunk that loads it) stands in for a build.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  entryKey,
  formatTable,
  htmlScripts,
  keyMatching,
  KB,
  laterFiles,
  type Manifest,
  measureRoutes,
  ROUTE_BUDGETS,
  type RouteBudget,
  routeFiles,
  staticClosure,
} from "./bundle-budget";

const MANIFEST: Manifest = {
  "index.html": {
    file: "assets/index-e.js",
    src: "index.html",
    isEntry: true,
    imports: ["_rolldown-runtime-r.js", "_react-r.js", "_vendor-q.js"],
    dynamicImports: ["app/screens/auth.tsx", "app/screens/dashboard/dashboard.tsx", "lib/toast-library.ts"],
    css: ["assets/index-c.css"],
  },
  "_rolldown-runtime-r.js": { file: "assets/rolldown-runtime-r.js" },
  "_react-r.js": { file: "assets/react-r.js", imports: ["_rolldown-runtime-r.js"] },
  "_vendor-q.js": { file: "assets/vendor-q.js", imports: ["_react-r.js"] },
  "_vendor-forms.js": { file: "assets/vendor-forms.js" },
  "_vendor-dialog.js": { file: "assets/vendor-dialog.js", imports: ["_react-r.js"] },
  "_vendor-picker.js": { file: "assets/vendor-picker.js", imports: ["_react-r.js"] },
  "_vendor-sonner.js": { file: "assets/vendor-sonner.js", imports: ["_react-r.js"] },
  "app/screens/auth.tsx": {
    file: "assets/auth-a.js",
    isDynamicEntry: true,
    imports: ["index.html", "_vendor-forms.js", "_react-r.js"],
  },
  "app/screens/dashboard/dashboard.tsx": {
    file: "assets/dashboard-d.js",
    isDynamicEntry: true,
    imports: ["index.html", "_vendor-dialog.js"],
    dynamicImports: ["features/calendar/components/calendar-tab.tsx", "components/ui/calendar.tsx", "app/offline-edits.tsx"],
  },
  // The offline edits (decision 116): loaded by the dashboard when idle; IndexedDB's library is theirs alone.
  "app/offline-edits.tsx": {
    file: "assets/offline-edits-o.js",
    isDynamicEntry: true,
    imports: ["app/screens/dashboard/dashboard.tsx", "_vendor-idb.js"],
  },
  "_vendor-idb.js": { file: "assets/vendor-idb.js" },
  // Live updates (decision 114): loaded by the app when idle once someone is signed in; they import nothing the first screen lacks.
  "sync/live-updates.ts": { file: "assets/live-updates-l.js", isDynamicEntry: true, imports: ["index.html"] },
  "features/tasks/components/quick-add-field.tsx": { file: "assets/quick-add-field-q.js", isDynamicEntry: true, imports: ["index.html"] },
  "features/plan/components/tonight-card.tsx": { file: "assets/tonight-card-n.js", isDynamicEntry: true, imports: ["index.html"] },
  // Imported by the dashboard when idle and by the shortcuts' list: a shared chunk, named by its file.
  "_keyboard-shortcuts-k.js": { file: "assets/keyboard-shortcuts-k.js", imports: ["index.html"] },
  // Imports the chunk that loads it: the walk must not loop.
  "features/calendar/components/calendar-tab.tsx": {
    file: "assets/calendar-tab-t.js",
    isDynamicEntry: true,
    imports: ["app/screens/dashboard/dashboard.tsx", "_vendor-dialog.js"],
  },
  "components/ui/calendar.tsx": { file: "assets/calendar-p.js", isDynamicEntry: true, imports: ["_vendor-picker.js"] },
  "lib/toast-library.ts": { file: "assets/toast-library-s.js", isDynamicEntry: true, imports: ["_vendor-sonner.js"] },
  // The words a screen downloads beside its code (decision 108).
  "../core/i18n/compiled/en/app.ts": { file: "assets/en-app-w.js", isDynamicEntry: true },
  "../core/i18n/compiled/es/start.ts": { file: "assets/es-start-w.js", isDynamicEntry: true },
  "../core/i18n/compiled/es/app.ts": { file: "assets/es-app-w.js", isDynamicEntry: true },
  "../core/i18n/compiled/en/auth.ts": { file: "assets/en-auth-w.js", isDynamicEntry: true },
  "../core/i18n/compiled/es/auth.ts": { file: "assets/es-auth-w.js", isDynamicEntry: true },
  "../core/i18n/compiled/en/sso.ts": { file: "assets/en-sso-w.js", isDynamicEntry: true },
  "../core/i18n/compiled/es/sso.ts": { file: "assets/es-sso-w.js", isDynamicEntry: true },
};

const [LANDING, AUTH, AUTH_ES, HOME, HOME_ES] = ROUTE_BUDGETS as [RouteBudget, RouteBudget, RouteBudget, RouteBudget, RouteBudget];

describe("the files a first visit downloads", () => {
  it("the landing page: the entry chunk and its static imports, once each, in the order reached", () => {
    expect(routeFiles(MANIFEST, LANDING)).toEqual([
      "assets/index-e.js",
      "assets/rolldown-runtime-r.js",
      "assets/react-r.js",
      "assets/vendor-q.js",
    ]);
  });

  it("the dashboard's first screen: adds its screen chunk with its imports and its words, not the toast library, the tabs or the date picker", () => {
    const files = routeFiles(MANIFEST, HOME);
    expect(files).toEqual([
      "assets/index-e.js",
      "assets/rolldown-runtime-r.js",
      "assets/react-r.js",
      "assets/vendor-q.js",
      "assets/dashboard-d.js",
      "assets/vendor-dialog.js",
      "assets/en-app-w.js",
    ]);
    expect(files).not.toContain("assets/toast-library-s.js");
    expect(files).not.toContain("assets/calendar-tab-t.js");
    expect(files).not.toContain("assets/vendor-picker.js");
    expect(files).not.toContain("assets/vendor-forms.js");
  });

  it("then, when idle, the toast library (and on Home the offline edits, live updates, quick add's field, the Tonight card and the shortcuts) with what they import that the first screen did not already bring", () => {
    // The toast library's library imports React, which the first screen already has; the offline edits import the dashboard.
    expect(laterFiles(MANIFEST, HOME)).toEqual([
      "assets/toast-library-s.js",
      "assets/vendor-sonner.js",
      "assets/offline-edits-o.js",
      "assets/vendor-idb.js",
      "assets/live-updates-l.js",
      "assets/quick-add-field-q.js",
      "assets/tonight-card-n.js",
      "assets/keyboard-shortcuts-k.js",
    ]);
    expect(laterFiles(MANIFEST, AUTH)).toEqual(["assets/toast-library-s.js", "assets/vendor-sonner.js"]);
    expect(laterFiles(MANIFEST, LANDING)).toEqual([]);
  });

  it("in Spanish, the Spanish words instead of the English ones a screen downloads", () => {
    expect(routeFiles(MANIFEST, HOME_ES).slice(-3)).toEqual(["assets/vendor-dialog.js", "assets/es-start-w.js", "assets/es-app-w.js"]);
    expect(routeFiles(MANIFEST, HOME_ES)).not.toContain("assets/en-app-w.js");
    expect(routeFiles(MANIFEST, AUTH_ES)).toEqual([
      ...routeFiles(MANIFEST, AUTH).filter((file) => !["assets/en-auth-w.js", "assets/en-sso-w.js"].includes(file)),
      "assets/es-start-w.js",
      "assets/es-auth-w.js",
      "assets/es-sso-w.js",
    ]);
  });

  it("/auth: the sign-in screen and its form libraries, not the dashboard's", () => {
    const files = routeFiles(MANIFEST, AUTH);
    expect(files).toContain("assets/auth-a.js");
    expect(files).toContain("assets/vendor-forms.js");
    // The sign-in words and the school sign-in's come with it (issue 35), not with the Home tab.
    expect(files).toContain("assets/en-auth-w.js");
    expect(files).toContain("assets/en-sso-w.js");
    expect(routeFiles(MANIFEST, HOME)).not.toContain("assets/en-auth-w.js");
    expect(routeFiles(MANIFEST, HOME)).not.toContain("assets/en-sso-w.js");
    expect(files).not.toContain("assets/dashboard-d.js");
    expect(files).not.toContain("assets/vendor-dialog.js");
    expect(files).not.toContain("assets/toast-library-s.js");
  });

  it("follows a chain of static imports to its end, and stops at cycles", () => {
    expect(staticClosure(MANIFEST, ["features/calendar/components/calendar-tab.tsx"])).toEqual([
      "assets/calendar-tab-t.js",
      "assets/dashboard-d.js",
      "assets/index-e.js",
      "assets/rolldown-runtime-r.js",
      "assets/react-r.js",
      "assets/vendor-q.js",
      "assets/vendor-dialog.js",
    ]);
  });

  it("fails on an import the manifest does not have, rather than count less", () => {
    expect(() => staticClosure({ "index.html": { file: "a.js", isEntry: true, imports: ["_gone.js"] } }, ["index.html"])).toThrow(
      /no chunk _gone\.js/,
    );
  });

  it("fails when a route's screen matches no chunk or several, so a renamed screen is noticed", () => {
    expect(() => keyMatching(MANIFEST, /^app\/screens\/renamed\.tsx$/)).toThrow(/found 0/);
    expect(() => keyMatching(MANIFEST, /^app\/screens\//)).toThrow(/found 2/);
    expect(keyMatching(MANIFEST, /^lib\/toast-library\.ts$/)).toBe("lib/toast-library.ts");
  });

  it("needs exactly one entry chunk", () => {
    expect(entryKey(MANIFEST)).toBe("index.html");
    expect(() => entryKey({ a: { file: "a.js" } })).toThrow(/one entry chunk/);
  });

  it("reads the scripts index.html loads: the module script and the modulepreloads", () => {
    const html = `<script type="module" crossorigin src="/assets/index-e.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-r.js">
    <link rel="stylesheet" crossorigin href="/assets/index-c.css">`;
    expect(htmlScripts(html)).toEqual(["assets/index-e.js", "assets/react-r.js"]);
  });
});

describe("the budgets", () => {
  it("are, in gzipped bytes (1 KB = 1,000 bytes), 80 KB for the landing page (issue 13), 142 KB for /auth's first screen (issues 33, 49 and 55) and 153 KB for the signed-in Home tab's (issues 33, 34, 40, 49 and 53), in either language", () => {
    expect(KB).toBe(1000);
    expect(LANDING.budget).toBe(80_000);
    expect([AUTH.budget, AUTH_ES.budget]).toEqual([142_000, 142_000]);
    expect([HOME.budget, HOME_ES.budget]).toEqual([153_000, 153_000]);
  });
});

describe("measuring a build", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  function writeBuild(
    scriptBytes: number,
    html = '<script type="module" src="/assets/index-e.js"></script>',
    landing = { scripts: ["landing.js"], bytes: 500 },
  ): string {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "bundle-budget-"));
    fs.mkdirSync(path.join(dir, ".vite"), { recursive: true });
    fs.mkdirSync(path.join(dir, ".prerender"), { recursive: true });
    fs.mkdirSync(path.join(dir, "assets"));
    fs.writeFileSync(path.join(dir, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
    fs.writeFileSync(path.join(dir, "index.html"), html);
    const landingScripts = landing.scripts.map((file) => `<script src="/${file}" defer></script>`).join("");
    fs.writeFileSync(path.join(dir, ".prerender", "landing.html"), `<main>Landing</main>${landingScripts}`);
    // Random bytes do not compress: gzip only adds its framing, so the sizes are predictable.
    for (const chunk of Object.values(MANIFEST)) fs.writeFileSync(path.join(dir, chunk.file), crypto.randomBytes(scriptBytes));
    for (const file of landing.scripts) fs.writeFileSync(path.join(dir, file), crypto.randomBytes(landing.bytes));
    return dir;
  }

  it("sums each route's files and flags the routes over budget", () => {
    const results = measureRoutes(writeBuild(30_000));
    const [landing, auth, , home] = results;
    // The landing page is its own prerendered page: only its script counts, not the app's entry.
    expect(landing!.files.map((f) => f.file)).toEqual(["landing.js"]);
    expect(landing!.raw).toBe(500);
    expect(landing!.over).toBe(false);
    // Seven (eight) files of 30,000 random bytes gzip to a little more than they are: over 142 KB and 153 KB.
    expect(auth!.files).toHaveLength(8);
    expect(auth!.over).toBe(true);
    expect(home!.files).toHaveLength(7);
    expect(home!.gzip).toBeGreaterThan(210_000);
    expect(home!.over).toBe(true);
    // What comes when idle is reported beside, not counted.
    expect(home!.idle.files.map((f) => f.file)).toEqual([
      "assets/toast-library-s.js",
      "assets/vendor-sonner.js",
      "assets/offline-edits-o.js",
      "assets/vendor-idb.js",
      "assets/live-updates-l.js",
      "assets/quick-add-field-q.js",
      "assets/tonight-card-n.js",
      "assets/keyboard-shortcuts-k.js",
    ]);
    expect(home!.idle.raw).toBe(240_000);

    const table = formatTable(results);
    expect(table).toMatch(/^\/ signed in \(Home tab\) +7 +210,000 .* OVER by /m);
    expect(table).toMatch(/^\/ signed in \(Home tab\), then when idle +8 +240,000 .* not counted +-$/m);
    expect(table).toMatch(/^\/ \(landing page\) +1 +500 .* OK$/m);
    expect(table).toMatch(/^\/auth +8 +240,000 .* OVER by /m);
  });

  it("counts every script the landing page names, and flags it over budget", () => {
    const results = measureRoutes(writeBuild(100, undefined, { scripts: ["landing.js", "assets/extra.js"], bytes: 45_000 }));
    expect(results[0]!.files.map((f) => f.file)).toEqual(["landing.js", "assets/extra.js"]);
    expect(results[0]!.over).toBe(true);
  });

  it("passes routes under budget", () => {
    const results = measureRoutes(writeBuild(1_000));
    expect(results.map((r) => r.over)).toEqual([false, false, false, false, false]);
    expect(formatTable(results)).toMatch(/^\/ signed in \(Home tab\) .* OK$/m);
  });

  it("refuses a build whose index.html loads a script the manifest does not lead to", () => {
    const html = '<script type="module" src="/assets/index-e.js"></script><link rel="modulepreload" href="/assets/dashboard-d.js">';
    expect(() => measureRoutes(writeBuild(100, html))).toThrow(/assets\/dashboard-d\.js/);
  });

  it("asks for a build when there is none", () => {
    expect(() => measureRoutes(path.join(os.tmpdir(), "no-such-build"))).toThrow(/build the client first/);
  });
});
