/**
 * The auth forms validate with a schema downloaded on first use (decision 102): the resolver
 * waits for it and answers exactly as the schema's own resolver does; when it cannot be
 * downloaded, the form is sent as it is (the server validates with the same schema), and the next
 * validation tries the download again.
 */
import { schemaResolver } from "@/components/form/schema-resolver";
import { describe, expect, it, vi } from "vitest";
import { signInSchema } from "@core/schemas/auth";
import { onDemand } from "@/lib/on-demand";
import { onDemandResolver } from "@/lib/on-demand-resolver";

const OPTIONS = { fields: {}, shouldUseNativeValidation: false } as const;

describe("a resolver downloaded on demand", () => {
  it("waits for the schema, then gives what the schema's own resolver gives", async () => {
    const direct = schemaResolver(signInSchema);
    const load = vi.fn(() => Promise.resolve(direct));
    const resolver = onDemandResolver(onDemand(load).load);

    for (const values of [
      { email: "", password: "" },
      { email: "  maya@example.com ", password: "Secret!1" },
    ]) {
      expect(await resolver(values, undefined, OPTIONS)).toEqual(await direct(values, undefined, OPTIONS));
    }
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("lets the form through unvalidated when the download fails, and tries again at the next validation", async () => {
    const direct = schemaResolver(signInSchema);
    const load = vi.fn<() => Promise<typeof direct>>().mockRejectedValueOnce(new TypeError("Failed to fetch")).mockResolvedValue(direct);
    const resolver = onDemandResolver(onDemand(load).load);
    const empty = { email: "", password: "" };

    expect(await resolver(empty, undefined, OPTIONS)).toEqual({ values: empty, errors: {} });
    const second = await resolver(empty, undefined, OPTIONS);
    expect(Object.keys(second.errors)).toEqual(["email", "password"]);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
