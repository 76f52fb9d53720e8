// Lint: TypeScript-aware rules plus the import boundaries of docs/decisions/040-lint-boundaries.md.
// A boundary violation is fixed where it is (move the code to the layer that may hold it), never
// by switching a rule off.
import fs from "node:fs";
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import layout from "./scripts/eslint-rules/no-import-cycle.js";

/** Every client feature folder: each one is a zone the others may not import from. */
const features = fs
  .readdirSync("client/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureIsolation = features.map((feature) => ({
  target: `./client/features/${feature}`,
  from: "./client/features",
  except: [`./${feature}`],
  message:
    "Features never import other features: compose them in client/app, or move the shared part to client/api, lib, hooks or components.",
}));

/**
 * Inside a feature, layers point one way: components → hooks → utils and types (and api/, the
 * endpoints only that feature calls, sits beside utils). A hook never imports a component, and
 * utils, types and api never import a component or a hook.
 */
const featureLayering = features.flatMap((feature) => {
  const at = (folder) => `./client/features/${feature}/${folder}`;
  return [
    {
      target: at("hooks"),
      from: at("components"),
      message: "Inside a feature, hooks never import components: move the shared type or helper to utils/ or types/.",
    },
    {
      target: [at("utils"), at("types"), at("api")],
      from: [at("components"), at("hooks")],
      message: "Inside a feature, utils/, types/ and api/ never import components or hooks: they are the layer below both.",
    },
  ];
});

const boundaries = [
  ...featureIsolation,
  ...featureLayering,
  {
    target: "./client/features",
    from: "./client/app",
    message: "Features never import client/app: the app passes what a feature needs as props.",
  },
  {
    target: ["./client/components", "./client/lib", "./client/hooks"],
    from: ["./client/features", "./client/app"],
    message: "Generic client code (components, lib, hooks) imports no feature and not client/app.",
  },
  {
    target: "./client/lib",
    from: ["./client/api", "./client/sync"],
    message: "client/lib is the ground floor: it imports neither the server-state layer (client/api) nor the sync room (client/sync).",
  },
  {
    target: "./client/api",
    from: ["./client/features", "./client/app", "./client/components", "./client/hooks", "./client/sync"],
    message: "The shared server-state layer (client/api) builds on client/lib and core only.",
  },
  {
    // The sync room (offline queue, pending overlay, conflicts, cache keeper, live updates) sits
    // above client/api: it sends the API layer's changes and refetches its reads.
    target: "./client/sync",
    from: ["./client/features", "./client/app", "./client/components", "./client/hooks"],
    message: "The sync room (client/sync) builds on client/api, client/lib and core: the app starts it and shows what it says.",
  },
  {
    target: "./client/sw",
    from: ["./client/app", "./client/features", "./client/components", "./client/lib", "./client/hooks", "./client/api", "./client/sync"],
    message: "The service worker runs outside the page: it imports core/ and its own folder only.",
  },
  {
    target: "./core",
    from: ["./client", "./server", "./e2e", "./bench", "./scripts"],
    message: "core/ runs in the browser and in Node: it imports nothing from the app, the server, the tests, the benches or the scripts.",
  },
  { target: "./server", from: "./client", message: "The server never imports the client; share code through core/." },
  // The server's layers, bottom up: db (connection, schema, migrations) ← jobs (the lease queue and the
  // worker runner, decision 125) ← repositories (SQL, transactions) ← services ← the HTTP layer: routes,
  // plugins and the HTTP room (server/http: the fast lane, kept list answers, conditional GETs, the
  // request's context, raw answers). A layer never imports one above it.
  {
    target: "./server/db",
    from: [
      "./server/jobs",
      "./server/repositories",
      "./server/services",
      "./server/routes",
      "./server/plugins",
      "./server/http",
      "./server/app.ts",
    ],
    message: "server/db is the bottom layer: it imports no job, repository, service, route or plugin.",
  },
  {
    target: "./server/jobs",
    from: ["./server/repositories", "./server/services", "./server/routes", "./server/plugins", "./server/http", "./server/app.ts"],
    message: "server/jobs (the lease queue, the worker runner) builds on server/db only: a job's own work is given to it.",
  },
  {
    target: "./server/repositories",
    from: ["./server/services", "./server/routes", "./server/plugins", "./server/http", "./server/app.ts"],
    message: "Repositories build on server/db only: no service, route or plugin.",
  },
  {
    target: "./server/services",
    from: ["./server/routes", "./server/plugins", "./server/http", "./server/app.ts"],
    message: "Services never import the HTTP layer (routes, plugins, app.ts): they take what they need as arguments.",
  },
  { target: "./client", from: ["./server", "./e2e", "./bench"], message: "The client never imports the server; share code through core/." },
];

// Browser-only and Node-only globals, for the code that must run in both (core/).
const shared = new Set([...Object.keys(globals.es2024), ...Object.keys(globals["shared-node-browser"])]);
const browserOnly = Object.keys(globals.browser).filter((name) => !shared.has(name) && !(name in globals.node));
const nodeOnly = Object.keys(globals.node).filter((name) => !shared.has(name) && !(name in globals.browser));

export default tseslint.config(
  // core/i18n/compiled/ is written by `lingui compile` from locales/ (decision 108), not by hand.
  { ignores: ["node_modules/", "dist/", "dist-server/", "data/", "test-results/", "playwright-report/", "core/i18n/compiled/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: "latest", sourceType: "module" },
    plugins: { "import-x": importX, layout },
    settings: {
      // Without these, import-x cannot parse a .ts dependency, and no-cycle silently sees nothing.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      // Our own cycle rule: import-x/no-cycle skips type-only imports (scripts/eslint-rules/no-import-cycle.js).
      "layout/no-import-cycle": "error",
      "import-x/no-restricted-paths": ["error", { zones: boundaries }],
      "import-x/no-self-import": "error",
      "import-x/no-useless-path-segments": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
    },
  },
  {
    files: ["client/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.flat["recommended-latest"].rules,
    },
  },
  { files: ["client/sw/**/*.ts"], languageOptions: { globals: globals.serviceworker } },
  // Served as is (not bundled), as a classic script: the prerendered landing page's one script (decision 068).
  { files: ["client/public/**/*.js"], languageOptions: { globals: globals.browser, sourceType: "script" } },
  { files: ["client/**/*.tsx"], ...jsxA11y.flatConfigs.recommended },
  {
    files: ["client/**/*.tsx"],
    rules: {
      // Moving focus into a picker the user just opened is the accessible behaviour; autofocus on a
      // plain element at page load stays forbidden.
      "jsx-a11y/no-autofocus": ["error", { ignoreNonDOM: true }],
    },
  },
  {
    files: ["server/**/*.ts", "scripts/**/*.{js,mjs,ts}", "bench/**/*.ts", "e2e/**/*.ts", "*.config.{js,ts}"],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["core/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // chrono-node's English and Spanish builds only (quick add, decision 118): its root bundles every language.
              regex: "^(?!zod(/|$)|chrono-node/(en|es)$|\\.{1,2}/|@core/)",
              message: "core/ imports nothing but itself, zod and chrono-node/en|es (no node:, no DOM, no other package).",
            },
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        ...[...browserOnly, ...nodeOnly].map((name) => ({
          name,
          message: "core/ runs in the browser and in Node: no DOM or Node globals.",
        })),
      ],
    },
  },
  {
    // Unit tests of core run under Vitest; the test runner is not part of what core ships. The
    // recurrence property test (core/calendar/recurrence.property.test.ts, docs/decisions/062)
    // also uses fast-check and an RFC 5545 oracle (rrule-temporal on temporal-polyfill): test
    // oracles, devDependencies, never imported by core itself and never shipped.
    files: ["core/**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              regex: "^(?!zod(/|$)|vitest$|fast-check(/|$)|rrule-temporal(/|$)|temporal-polyfill(/|$)|\\.{1,2}/|@core/)",
              message: "core/ tests import only core, zod, vitest and the test oracles fast-check, rrule-temporal and temporal-polyfill.",
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations are frozen in time: Kysely's guidance is to type them Kysely<any>, never with the
    // app's current Database interface (which describes the latest schema, not theirs).
    files: ["server/db/migrations/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Services take values (a Browser, server/services/browser.ts) and return values: the request,
    // the reply, cookies and status codes are the HTTP layer's (issue 50). Their tests may build an app.
    files: ["server/services/**/*.ts", "server/repositories/**/*.ts", "server/jobs/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "fastify", message: "Services, repositories and jobs never see a request or a reply: take a Browser or plain values." },
          ],
        },
      ],
    },
  },
  {
    // One form technique (decision 128): a form is useSchemaForm's, a list in it useListField's.
    // react-hook-form's useFieldArray would ride on every form screen, /auth's first one included.
    files: ["client/**/*.{ts,tsx}"],
    ignores: ["client/components/form/use-schema-form.ts", "**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-hook-form",
              importNames: ["useForm", "useFieldArray"],
              message: "A form is useSchemaForm's (components/form/use-schema-form.ts), a list in it useListField's (decision 128).",
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter, which must be an object
    // pattern, even an empty one.
    files: ["e2e/**/*.ts"],
    rules: { "no-empty-pattern": "off" },
  },
);
