import { describe, expect, it } from "vitest";
import { createSubmissionKeys, newIdempotencyKey } from "@/lib/idempotency";

describe("Idempotency-Keys per form submission", () => {
  it("reuses the key while the same values are submitted again, and takes a new one when they change", () => {
    const keys = createSubmissionKeys();
    const first = keys.keyFor({ title: "Essay" });
    expect(keys.keyFor({ title: "Essay" })).toBe(first);
    const changed = keys.keyFor({ title: "Essay, final" });
    expect(changed).not.toBe(first);
    expect(keys.keyFor({ title: "Essay" })).not.toBe(first);
  });

  it("makes 128-bit random hex keys", () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
