import { describe, expect, it } from "vitest";
import { registerSchema, setNewPasswordSchema, signInSchema } from "./auth";
import { fieldErrors } from "./field-errors";
import { inEnglish } from "../test/in-english";

const GOOD = "Str0ng!Pass";

/** The message a form shows for a field: the first one. */
function firstError(
  schema: typeof signInSchema | typeof registerSchema | typeof setNewPasswordSchema,
  value: object,
  field: string,
): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : inEnglish(fieldErrors(result.error)[field]?.[0]);
}

describe("sign-in schema", () => {
  it.each([
    [{ email: "", password: "x" }, "email", "Invalid email address"],
    [{ email: "not-an-email", password: "x" }, "email", "Invalid email address"],
    [{ email: "a@b.co", password: "" }, "password", "Password is required"],
    [{ email: "a@b.co", password: "   " }, "password", "Password is required"],
    [{ email: `${"a".repeat(4000)}@b.co`, password: "x" }, "email", "Email too long"],
    [{}, "email", "Invalid email address"],
    [{}, "password", "Password is required"],
    [{ email: 5, password: null }, "password", "Password is required"],
  ])("%j → %s: %s", (value, field, message) => {
    expect(firstError(signInSchema, value, field)).toBe(message);
  });

  it("trims the values", () => {
    expect(signInSchema.parse({ email: "  a@b.co ", password: " pw " })).toEqual({ email: "a@b.co", password: "pw" });
  });
});

describe("registration schema", () => {
  const valid = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", password: GOOD, confirmPassword: GOOD };

  it("accepts a valid registration", () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ email: "nope" }, "email", "Invalid email address"],
    [{ email: `${"a".repeat(315)}@b.com` }, "email", "Email too long"],
    [{ password: "Aa1!aaa", confirmPassword: "Aa1!aaa" }, "password", "Password must be at least 8 characters"],
    [
      { password: `Aa1!${"a".repeat(125)}`, confirmPassword: `Aa1!${"a".repeat(125)}` },
      "password",
      "Password must be less than 128 characters",
    ],
    [{ password: "abcdefg1!", confirmPassword: "abcdefg1!" }, "password", "Password must contain at least one uppercase letter"],
    [{ password: "ABCDEFG1!", confirmPassword: "ABCDEFG1!" }, "password", "Password must contain at least one lowercase letter"],
    [{ password: "Abcdefgh!", confirmPassword: "Abcdefgh!" }, "password", "Password must contain at least one number"],
    [{ password: "Abcdefgh1", confirmPassword: "Abcdefgh1" }, "password", "Password must contain at least one special character"],
    [{ password: "abc", confirmPassword: "abc" }, "password", "Password must be at least 8 characters"],
    [{ confirmPassword: "Other1!pass" }, "confirmPassword", "Passwords don't match"],
    [{ firstName: "" }, "firstName", "First name is required"],
    [{ firstName: "x".repeat(51) }, "firstName", "First name too long"],
    [{ lastName: "  " }, "lastName", "Last name is required"],
    [{ lastName: "x".repeat(51) }, "lastName", "Last name too long"],
  ])("%j → %s: %s", (override, field, message) => {
    expect(firstError(registerSchema, { ...valid, ...override }, field)).toBe(message);
  });

  // A body missing a field gets the field's own message, not the schema library's generic one.
  it.each([
    ["firstName", "First name is required"],
    ["lastName", "Last name is required"],
    ["email", "Invalid email address"],
    ["password", "Password must be at least 8 characters"],
    ["confirmPassword", "Passwords don't match"],
  ])("a missing %s → %s", (field, message) => {
    const { [field as keyof typeof valid]: _omitted, ...rest } = valid;
    expect(firstError(registerSchema, rest, field)).toBe(message);
  });

  it("allows exactly 8, 128, 50 and 320 characters", () => {
    const p8 = "Aa1!aaaa";
    const p128 = `Aa1!${"a".repeat(124)}`;
    const email320 = `${"a".repeat(308)}@example.com`;
    expect(email320).toHaveLength(320);
    expect(registerSchema.safeParse({ ...valid, password: p8, confirmPassword: p8 }).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, password: p128, confirmPassword: p128 }).success).toBe(true);
    expect(registerSchema.safeParse({ ...valid, firstName: "x".repeat(50), lastName: "y".repeat(50), email: email320 }).success).toBe(true);
  });
});

describe("set-new-password schema", () => {
  const valid = { temporaryPassword: "Temp0rary!", newPassword: GOOD, confirmPassword: GOOD };

  it.each([
    [{ temporaryPassword: "" }, "temporaryPassword", "Temporary password is required"],
    // The lowercase rule is listed first here (docs/product.md#validation-messages).
    [{ newPassword: "1!", confirmPassword: "1!" }, "newPassword", "Password must be at least 8 characters"],
    [{ newPassword: "12345678!", confirmPassword: "12345678!" }, "newPassword", "Password must contain at least one lowercase letter"],
    [{ newPassword: "abcdefg1!", confirmPassword: "abcdefg1!" }, "newPassword", "Password must contain at least one uppercase letter"],
    [{ newPassword: "Abcdefgh!", confirmPassword: "Abcdefgh!" }, "newPassword", "Password must contain at least one number"],
    [{ newPassword: "Abcdefgh1", confirmPassword: "Abcdefgh1" }, "newPassword", "Password must contain at least one special character"],
    [
      { newPassword: `Aa1!${"a".repeat(125)}`, confirmPassword: `Aa1!${"a".repeat(125)}` },
      "newPassword",
      "Password must be less than 128 characters",
    ],
    [{ confirmPassword: "Nope1!nope" }, "confirmPassword", "Passwords don't match"],
  ])("%j → %s: %s", (override, field, message) => {
    expect(firstError(setNewPasswordSchema, { ...valid, ...override }, field)).toBe(message);
  });

  it.each([
    ["temporaryPassword", "Temporary password is required"],
    ["newPassword", "Password must be at least 8 characters"],
    ["confirmPassword", "Passwords don't match"],
  ])("a missing %s → %s", (field, message) => {
    const { [field as keyof typeof valid]: _omitted, ...rest } = valid;
    expect(firstError(setNewPasswordSchema, rest, field)).toBe(message);
  });

  it("trims the new password", () => {
    expect(setNewPasswordSchema.parse({ ...valid, newPassword: ` ${GOOD} `, confirmPassword: GOOD }).newPassword).toBe(GOOD);
  });
});
