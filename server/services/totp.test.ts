import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totpStep } from "./totp";

// RFC 6238 Appendix B's SHA-1 seed, and RFC 4226 Appendix D's HOTP values of the same seed.
const SEED = Buffer.from("12345678901234567890");
const SEED_BASE32 = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("TOTP (RFC 6238)", () => {
  it("writes and reads base32 as RFC 4648 does", () => {
    expect(base32Encode(SEED)).toBe(SEED_BASE32);
    expect(base32Decode(SEED_BASE32)).toEqual(SEED);
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
  });

  it("gives RFC 4226's HOTP values and RFC 6238's TOTP values", () => {
    expect([0, 1, 2, 3, 9].map((counter) => hotp(SEED, counter))).toEqual(["755224", "287082", "359152", "969429", "520489"]);
    for (const [seconds, code] of [
      [59, "94287082"],
      [1111111109, "07081804"],
      [1234567890, "89005924"],
      [2000000000, "69279037"],
    ] as const) {
      expect(hotp(SEED, totpStep(new Date(seconds * 1000)), 8)).toBe(code);
    }
  });

  it("takes a code of this step or the next to it, once, and nothing else", () => {
    const now = new Date(1234567890 * 1000);
    const step = totpStep(now);
    const code = (s: number) => hotp(SEED, s);
    expect(matchTotp(SEED_BASE32, code(step), now, null)).toBe(step);
    expect(matchTotp(SEED_BASE32, code(step - 1), now, null)).toBe(step - 1);
    expect(matchTotp(SEED_BASE32, code(step + 1), now, null)).toBe(step + 1);
    expect(matchTotp(SEED_BASE32, code(step - 2), now, null)).toBeNull();
    // Used: the same code again, or an older one, is refused.
    expect(matchTotp(SEED_BASE32, code(step), now, step)).toBeNull();
    expect(matchTotp(SEED_BASE32, code(step - 1), now, step)).toBeNull();
    expect(matchTotp(SEED_BASE32, "12345", now, null)).toBeNull();
    expect(matchTotp(SEED_BASE32, "abcdef", now, null)).toBeNull();
  });

  it("writes the key URI authenticator apps read from a QR code", () => {
    expect(otpauthUri("Student Hub", "ms.diaz@lincoln.example", SEED_BASE32)).toBe(
      "otpauth://totp/Student%20Hub%3Ams.diaz%40lincoln.example?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ&issuer=Student%20Hub&algorithm=SHA1&digits=6&period=30",
    );
  });
});
