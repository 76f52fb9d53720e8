import { describe, expect, it } from "vitest";
import { isSupportedNode, unsupportedNodeMessage } from "./node-version";

describe("the Node.js versions npm start accepts", () => {
  it.each([
    ["v24.22.3", true],
    ["v24.0.0", true],
    ["v26.1.0", true],
    ["v22.19.0", true],
    ["v22.20.1", true],
    ["v22.18.9", false],
    ["v22.0.0", false],
    ["v20.20.2", false],
    ["v18.20.8", false],
  ])("%s supported: %s", (version, supported) => {
    expect(isSupportedNode(version)).toBe(supported);
  });

  it("refuses in one line that names the version it needs and the one it found", () => {
    const message = unsupportedNodeMessage("v20.20.2");
    expect(message).not.toContain("\n");
    expect(message).toContain("Node.js 22.19.0 or newer");
    expect(message).toContain("v20.20.2");
  });
});
