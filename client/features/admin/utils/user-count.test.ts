import { describe, expect, it } from "vitest";
import { wordsIn } from "@/test/words";
import { chooserShortfallText, userCountText } from "./user-count";

const en = wordsIn("en");
const es = wordsIn("es");

describe("user counts", () => {
  it("says one user in the singular and any other number in the plural", () => {
    expect(userCountText(0, en)).toBe("0 users");
    expect(userCountText(1, en)).toBe("1 user");
    expect(userCountText(64, en)).toBe("64 users");
    expect(userCountText(1204, en)).toBe("1,204 users");
  });

  it("the chooser says how many it leaves out only when it leaves some out", () => {
    expect(chooserShortfallText(8, 64, en, "en")).toBe("Showing 8 of 64 users. Search to find others.");
    expect(chooserShortfallText(8, 8, en, "en")).toBeNull();
    expect(chooserShortfallText(3, 3, en, "en")).toBeNull();
    expect(chooserShortfallText(8, null, en, "en")).toBeNull();
  });

  it("says them in Spanish", () => {
    expect(userCountText(1, es)).toBe("1 usuario");
    expect(userCountText(64, es)).toBe("64 usuarios");
    expect(chooserShortfallText(8, 64, es, "es")).toBe("Se muestran 8 de 64 usuarios. Busca para encontrar a los demás.");
  });
});
