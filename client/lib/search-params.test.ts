import { describe, expect, it } from "vitest";
import { withoutSearchParams } from "@/lib/search-params";

describe("withoutSearchParams", () => {
  it("drops the named parameters and keeps the others, the path and the hash", () => {
    expect(withoutSearchParams("/auth?sso_error=no_account", ["sso_error"])).toBe("/auth");
    expect(withoutSearchParams("/auth?mode=register&sso_error=login_expired", ["sso_error"])).toBe("/auth?mode=register");
    expect(withoutSearchParams("/?confirm=delete-account#todo", ["confirm", "sso_error"])).toBe("/#todo");
  });

  it("leaves an address without them as it was", () => {
    expect(withoutSearchParams("/auth?mode=register", ["sso_error"])).toBe("/auth?mode=register");
    expect(withoutSearchParams("/", ["confirm"])).toBe("/");
  });
});
