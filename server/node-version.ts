/**
 * The Node.js lines the app supports: the maintained LTS lines 22 and 24 (Node 20 reached its end
 * of life in April 2026). Older lines are refused before anything else loads: better-sqlite3 13
 * installs there with only a warning, then crashes the process when it opens a database.
 */
export const OLDEST_SUPPORTED_NODE = "22.19.0";

function parts(version: string): [number, number, number] {
  const [major = 0, minor = 0, patch = 0] = version
    .replace(/^v/, "")
    .split(".")
    .map((n) => Number.parseInt(n, 10) || 0);
  return [major, minor, patch];
}

/** Whether `version` (as `process.version` gives it, e.g. "v24.22.3") is one the app runs on. */
export function isSupportedNode(version: string): boolean {
  const [major, minor, patch] = parts(version);
  const [oldestMajor, oldestMinor, oldestPatch] = parts(OLDEST_SUPPORTED_NODE);
  if (major !== oldestMajor) return major > oldestMajor;
  if (minor !== oldestMinor) return minor > oldestMinor;
  return patch >= oldestPatch;
}

/** The one line `npm start` prints on an unsupported Node.js before it exits. */
export function unsupportedNodeMessage(version: string): string {
  return (
    `Student Hub needs Node.js ${OLDEST_SUPPORTED_NODE} or newer (22 or 24 LTS); this is Node.js ${version}. ` +
    "Install Node.js 24, or run `source scripts/use-node-24.sh` to take it from the npm registry."
  );
}
