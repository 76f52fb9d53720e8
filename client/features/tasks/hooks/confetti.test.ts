import { describe, expect, it, vi } from "vitest";

const fire = vi.fn(async () => {});
const create = vi.fn(() => fire);
vi.mock("canvas-confetti", () => ({ default: { create } }));

const { fireCompletionConfetti } = await import("./confetti");

describe("fireCompletionConfetti", () => {
  it("fires the completion burst: 100 particles, spread 70, origin y 0.6, none for reduced motion", async () => {
    fireCompletionConfetti();
    await vi.waitFor(() => expect(fire).toHaveBeenCalledTimes(1));
    expect(fire).toHaveBeenCalledWith({ particleCount: 100, spread: 70, origin: { y: 0.6 }, disableForReducedMotion: true });
    // Drawn on the main thread: a worker would need a blob: URL that the CSP refuses.
    expect(create).toHaveBeenCalledWith(undefined, expect.objectContaining({ useWorker: false }));
  });

  // Counted from each test's start: whether the runner clears mocks between tests is its own setting.
  it("loads the library once for every later burst", async () => {
    const [fired, created] = [fire.mock.calls.length, create.mock.calls.length];
    fireCompletionConfetti();
    await vi.waitFor(() => expect(fire.mock.calls.length).toBe(fired + 1));
    expect(create.mock.calls.length).toBe(created);
  });

  it("swallows a failing burst: the task change must not notice", async () => {
    const fired = fire.mock.calls.length;
    fire.mockRejectedValueOnce(new Error("no canvas"));
    expect(() => fireCompletionConfetti()).not.toThrow();
    await vi.waitFor(() => expect(fire.mock.calls.length).toBe(fired + 1));
  });
});
