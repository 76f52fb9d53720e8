import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { FakeServer, reply } from "@/test/fake-server";
import { renderApp } from "@/test/render";

// Moved from e2e/daily-driver.spec.ts (docs/decisions/120): the start-up screen while the server
// is away. The clock is the test's, so the health check's 5 s poll and its backoff retries
// (1 s, 2 s, 4 s) pass in no time.

describe("the start-up screen while the server is away", () => {
  it("keeps Retry Connection enabled while the health check retries in the background", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval", "Date"] });
    const server = new FakeServer().answer("GET /api/health", reply(503, { message: "Service unavailable" }));
    await renderApp("/auth", { server });
    // The first check and its three retries fail: then the screen offers the button.
    await vi.advanceTimersByTimeAsync(8_000);
    const retry = await screen.findByRole("button", { name: "Retry Connection" });

    // Sampled over the 5 s poll and its retries: never disabled, so it never looks broken (issue 14).
    const checksBefore = server.sent("GET /api/health").length;
    for (let i = 0; i < 12; i++) {
      expect(retry, `after ${i * 500} ms`).toBeEnabled();
      await vi.advanceTimersByTimeAsync(500);
    }
    // The background checks did go on meanwhile.
    expect(server.sent("GET /api/health").length).toBeGreaterThan(checksBefore);
    expect(screen.getByRole("button", { name: "Retry Connection" })).toBe(retry);
  });
});
