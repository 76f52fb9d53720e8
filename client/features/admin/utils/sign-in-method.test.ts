import { describe, expect, it } from "vitest";
import { wordsIn } from "@/test/words";
import { signInMethodText } from "./sign-in-method";

const en = wordsIn("en");
const es = wordsIn("es");

describe("how an account signs in, on its row", () => {
  it("names the providers it has used, says the school's account for one without a password, and nothing for a password alone", () => {
    expect(signInMethodText({ hasPassword: false, providers: ["google"] }, en)).toBe("Signs in with Google");
    expect(signInMethodText({ hasPassword: true, providers: ["microsoft", "district"] }, en)).toBe("Signs in with Microsoft, District");
    expect(signInMethodText({ hasPassword: false, providers: [] }, en)).toBe("Signs in with the school's account");
    expect(signInMethodText({ hasPassword: true, providers: [] }, en)).toBeNull();
  });

  it("says it in Spanish", () => {
    expect(signInMethodText({ hasPassword: false, providers: ["google"] }, es)).toBe("Inicia sesión con Google");
    expect(signInMethodText({ hasPassword: false, providers: [] }, es)).toBe("Inicia sesión con la cuenta de la escuela");
  });
});
