import { describe, expect, it } from "vitest";
import { healthRetryDelay } from "@/api/health/get-health";

describe("healthRetryDelay", () => {
  it("starts at 1 s, doubles, and is capped at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(healthRetryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });
});
