import { describe, expect, it } from "vitest";
import { chooserShortfallText, userCountText } from "./user-count";

describe("user counts", () => {
  it("says one user in the singular and any other number in the plural", () => {
    expect(userCountText(0)).toBe("0 users");
    expect(userCountText(1)).toBe("1 user");
    expect(userCountText(64)).toBe("64 users");
  });

  it("the chooser says how many it leaves out only when it leaves some out", () => {
    expect(chooserShortfallText(8, 64)).toBe("Showing 8 of 64 users. Search to find others.");
    expect(chooserShortfallText(8, 8)).toBeNull();
    expect(chooserShortfallText(3, 3)).toBeNull();
    expect(chooserShortfallText(8, null)).toBeNull();
  });
});
