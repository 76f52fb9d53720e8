// An ESLint rule: no module may reach itself through its imports, type-only imports included.
//
// import-x/no-cycle skips `import type` by design (a type import vanishes at build time), but a
// cycle through types is still two modules that cannot be read, moved or tested one without the
// other: the event dialog and the draft hook were such a pair. This rule walks every import the
// TypeScript compiler sees (value, type-only, re-exports, dynamic `import()`), resolved with
// tsconfig.json's paths, and reports the import that closes a cycle with the whole loop.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = process.cwd();
const parsedConfig = ts.parseJsonConfigFileContent(
  ts.readConfigFile(path.join(root, "tsconfig.json"), ts.sys.readFile).config,
  ts.sys,
  root,
);
const compilerOptions = parsedConfig.options;
const resolutionCache = ts.createModuleResolutionCache(root, (name) => name, compilerOptions);

/** A project file (not a package, not a declaration file) that `specifier` names from `fromFile`, or null. */
function resolveImport(specifier, fromFile) {
  const bare = specifier.split("?", 1)[0];
  const resolved = ts.resolveModuleName(bare, fromFile, compilerOptions, ts.sys, resolutionCache).resolvedModule;
  if (!resolved || resolved.isExternalLibraryImport || resolved.extension === ".d.ts") return null;
  const file = path.resolve(resolved.resolvedFileName);
  return file.startsWith(root + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`) ? file : null;
}

/** Each file's resolved imports, kept while the file is unchanged on disk. */
const importsOnDisk = new Map();

function importsOf(file) {
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return [];
  }
  const kept = importsOnDisk.get(file);
  if (kept && kept.mtimeMs === stat.mtimeMs && kept.size === stat.size) return kept.imports;
  const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
  const imports = [...new Set(importedFiles.map((entry) => resolveImport(entry.fileName, file)).filter(Boolean))];
  importsOnDisk.set(file, { mtimeMs: stat.mtimeMs, size: stat.size, imports });
  return imports;
}

/** The shortest chain of imports from `start` back to `target` ([start, …, target]), or null. */
function pathBack(start, target) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === target) {
        const chain = [target];
        for (let at = file; at !== null; at = cameFrom.get(at)) chain.unshift(at);
        return chain;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

/** @type {import("eslint").Rule.RuleModule} */
const noImportCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid import cycles, type-only imports included" },
    schema: [],
    messages: { cycle: "Import cycle{{kind}}: {{loop}}. Move what both sides need into a module below them both." },
  },
  create(context) {
    const file = path.resolve(context.physicalFilename);
    if (!file.startsWith(root + path.sep)) return {};
    const relative = (name) => path.relative(root, name);

    function check(node, sourceNode, typeOnly) {
      if (!sourceNode || sourceNode.type !== "Literal" || typeof sourceNode.value !== "string") return;
      const target = resolveImport(sourceNode.value, file);
      if (!target || target === file) return;
      const chain = pathBack(target, file);
      if (!chain) return;
      context.report({
        node,
        messageId: "cycle",
        data: { kind: typeOnly ? " (through a type-only import)" : "", loop: [file, ...chain].map(relative).join(" → ") },
      });
    }

    const isTypeOnly = (node) =>
      node.importKind === "type" ||
      node.exportKind === "type" ||
      (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"));

    return {
      ImportDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportNamedDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ExportAllDeclaration: (node) => check(node, node.source, isTypeOnly(node)),
      ImportExpression: (node) => check(node, node.source, false),
    };
  },
};

export default { rules: { "no-import-cycle": noImportCycle } };
