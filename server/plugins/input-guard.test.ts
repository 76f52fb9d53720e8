import { describe, expect, it } from "vitest";
import { MAX_NESTING_DEPTH, NestingDepthGauge } from "./input-guard";

/** Whether `text`, read in chunks of `chunkSize` bytes, nests deeper than `limit`. */
function tooDeep(text: string, limit: number, chunkSize = 64 * 1024): boolean {
  const gauge = new NestingDepthGauge(limit);
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += chunkSize) if (gauge.read(bytes.subarray(at, at + chunkSize))) return true;
  return false;
}

describe("NestingDepthGauge", () => {
  const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

  it("counts arrays and objects alike, up to the limit and not past it", () => {
    expect(tooDeep(nested(MAX_NESTING_DEPTH), MAX_NESTING_DEPTH)).toBe(false);
    expect(tooDeep(nested(MAX_NESTING_DEPTH + 1), MAX_NESTING_DEPTH)).toBe(true);
    expect(tooDeep('{"a":{"b":{"c":[1]}}}', 3)).toBe(true);
    expect(tooDeep('{"a":{"b":{"c":1}}}', 3)).toBe(false);
  });

  it("measures depth, not how many containers there are side by side", () => {
    expect(tooDeep(`[${Array.from({ length: 10_000 }, () => "[[1]]").join(",")}]`, 3)).toBe(false);
  });

  it("does not count brackets inside strings, escaped quotes and backslashes included", () => {
    expect(tooDeep(`{"title":"${"[{".repeat(100)}"}`, 2)).toBe(false);
    expect(tooDeep(`{"title":"a \\" [[[[ b"}`, 2)).toBe(false);
    expect(tooDeep(`{"title":"ends in a backslash \\\\","x":[[[[]]]]}`, 2)).toBe(true);
  });

  it("reads the same whatever the chunks, an escape or a character split between two included", () => {
    const text = `{"title":"é \\" [[[[ ü","x":[[[1]]],"y":"\\\\"}`;
    for (const size of [1, 2, 3, 5, 7]) {
      expect(tooDeep(text, 4, size)).toBe(false);
      expect(tooDeep(text, 3, size)).toBe(true);
    }
  });

  it("stops at the first bracket past the limit, whatever follows", () => {
    expect(tooDeep(`${"[".repeat(5_000_000)}`, MAX_NESTING_DEPTH)).toBe(true);
  });
});
