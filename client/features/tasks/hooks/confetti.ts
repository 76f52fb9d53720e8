import type { CreateTypes } from "canvas-confetti";

let cannon: Promise<CreateTypes> | null = null;

/**
 * The burst for completing a task (docs/product.md#completion-and-confetti: 100 particles, spread 70, origin y 0.6). Loaded on
 * first use; drawn on the main thread because the worker mode needs a blob: worker, which the
 * Content-Security-Policy does not allow. Skipped for people who ask for reduced motion.
 */
export function fireCompletionConfetti(): void {
  cannon ??= import("canvas-confetti").then((m) => m.default.create(undefined, { resize: true, useWorker: false }));
  cannon
    .then((fire) => fire({ particleCount: 100, spread: 70, origin: { y: 0.6 }, disableForReducedMotion: true }))
    .catch(() => {
      // Decoration only: a failure here must never affect the task change.
    });
}
