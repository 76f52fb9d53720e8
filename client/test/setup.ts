// The component layer's set-up (docs/decisions/120), run before each test file in the DOM environment.
import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { fillDomGaps } from "./dom-gaps";
import { installMatchMedia } from "./media-queries";
import { finishRender } from "./render";

installMatchMedia();
fillDomGaps();

// The dashboard starts the offline edits once the browser is idle (dashboard.tsx): they need
// IndexedDB, which jsdom has not, and a test ending before that import has loaded failed at
// teardown. Their behaviour has unit tests (client/sync/offline-edits.test.ts) and browser tests.
vi.mock("@/app/offline-edits", () => ({}));

// A lazily loaded screen arrives with its words in a few hundred milliseconds, and in seconds for the
// first of a file while the other worker compiles too (CI on 2 cores): a query waits up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

afterEach(async () => {
  cleanup();
  await finishRender();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
