/**
 * The README's map of the code is the tree's: every mapped folder has its line, no line outlives its
 * folder, and the map in the README is what `npm run code-map` writes. The rule is tested on a tree
 * given as a list of paths, so a planted folder needs no file on disk.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildCodeMap, FOLDER_DESCRIPTIONS, mapIn, mappedFolders, MAP_END, MAP_START, treeFiles, withMap } from "./code-map";

const ROOT = path.resolve(import.meta.dirname, "..");
const readme = () => fs.readFileSync(path.join(ROOT, "README.md"), "utf8");

/** A tree with one file in every described folder: exactly the folders the map describes. */
const describedTree = Object.keys(FOLDER_DESCRIPTIONS).map((folder) => `${folder}/index.ts`);

describe("the README's map of the code", () => {
  it("is what npm run code-map writes from the tree", () => {
    const { markdown, problems } = buildCodeMap(treeFiles(ROOT));
    expect(problems).toEqual([]);
    expect(mapIn(readme()), "README.md's code map is stale: run `npm run code-map`").toBe(markdown);
  });

  it("has a line for every client feature folder", () => {
    const features = fs
      .readdirSync(path.join(ROOT, "client/features"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(features.length).toBeGreaterThan(0);
    const map = mapIn(readme());
    for (const feature of features) expect(map, `client/features/${feature}/`).toContain(`[\`client/features/${feature}/\`]`);
  });
});

describe("the code map's rule", () => {
  it("describes exactly the tree it is given, with nothing to report", () => {
    const { markdown, problems } = buildCodeMap(describedTree);
    expect(problems).toEqual([]);
    expect(markdown.split("\n")).toHaveLength(Object.keys(FOLDER_DESCRIPTIONS).length);
  });

  it("reports a planted folder that has no line, and a feature's sub-folder is not asked for", () => {
    const planted = [...describedTree, "client/features/homework/components/homework-card.tsx", "client/features/tasks/hooks/use-x.ts"];
    const { problems } = buildCodeMap(planted);
    expect(problems).toEqual([expect.stringMatching(/^client\/features\/homework\/ has no line in the code map/)]);
  });

  it("reports a new top-level folder and a new server layer alike", () => {
    const { problems } = buildCodeMap([...describedTree, "infra/terraform/main.tf", "server/queues/digest.ts"]);
    expect(problems).toEqual([expect.stringContaining("infra/ has no line"), expect.stringContaining("server/queues/ has no line")]);
  });

  it("reports a line whose folder is gone", () => {
    const { problems } = buildCodeMap(describedTree.filter((file) => !file.startsWith("client/features/lms/")));
    expect(problems).toEqual([expect.stringMatching(/^client\/features\/lms\/ is described .* but is not a mapped folder/)]);
  });

  it("nests each folder under its parent, in path order", () => {
    const files = ["server/routes/a.ts", "client/features/b/x.ts", "client/features-old/y.ts", "client/app/z.ts", "README.md"];
    expect(mappedFolders(files)).toEqual([
      "client",
      "client/app",
      "client/features",
      "client/features/b",
      "client/features-old",
      "server",
      "server/routes",
    ]);
    const descriptions = Object.fromEntries(mappedFolders(files).map((folder) => [folder, `about ${folder}`]));
    expect(buildCodeMap(files, descriptions).markdown.split("\n")).toEqual([
      "- [`client/`](client/): about client",
      "  - [`client/app/`](client/app/): about client/app",
      "  - [`client/features/`](client/features/): about client/features",
      "    - [`client/features/b/`](client/features/b/): about client/features/b",
      "  - [`client/features-old/`](client/features-old/): about client/features-old",
      "- [`server/`](server/): about server",
      "  - [`server/routes/`](server/routes/): about server/routes",
    ]);
  });

  it("writes the map between the markers only, and refuses a README without them", () => {
    const before = `# Title\n\n${MAP_START}\nold map\n${MAP_END}\n\nAfter.\n`;
    const after = withMap(before, "- new map");
    expect(after).toBe(`# Title\n\n${MAP_START}\n\n- new map\n\n${MAP_END}\n\nAfter.\n`);
    expect(mapIn(after)).toBe("- new map");
    expect(withMap(after, "- new map")).toBe(after);
    expect(() => withMap("# Title\n", "- map")).toThrow(/code-map:start/);
  });
});
