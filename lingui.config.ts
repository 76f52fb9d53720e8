import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { CATALOG_AREAS } from "./core/i18n/groups";

/**
 * Every word a person reads, in one catalog per language (docs/decisions/108). Messages have
 * explicit ids (`task.title_required`): the id is also the error `code` the API sends, so it stays
 * stable when the English changes. English is the source; `lingui compile --strict` fails when
 * another language lacks a translation; its output is only that check's (the app's modules are
 * written by scripts/compile-messages.ts, with Lingui's compiler, one per group of areas).
 */

export default defineConfig({
  sourceLocale: "en",
  locales: ["en", "es"],
  fallbackLocales: false,
  catalogs: CATALOG_AREAS.map((area) => ({ path: `<rootDir>/locales/{locale}/${area}`, include: [] })),
  catalogsMergePath: "<rootDir>/node_modules/.cache/lingui/{locale}",
  compileNamespace: "ts",
  format: formatter({ explicitIdAsDefault: true, origins: false }),
});
