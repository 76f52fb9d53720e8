import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Preferences } from "@core/schemas/preferences";
import { DEFAULT_STUDY_PREFERENCES } from "@core/study-plan";
import { task } from "@core/test/builders";
import { getPublicSettingsQueryOptions } from "@/api/settings/get-public-settings";
import { getTasksQueryOptions } from "@/api/tasks/get-tasks";
import { preferencesQueryOptions } from "@/api/user/preferences";
import { PUBLIC_SETTINGS_KEY, startAppBadge } from "./app-badge";

const PREFERENCES: Preferences = {
  eveningSummaryTime: null,
  locale: "en",
  scheduleSource: "mine",
  appBadge: true,
  ...DEFAULT_STUDY_PREFERENCES,
  studyBlockReminders: false,
};

describe("the app icon's badge in the open app (decision 119)", () => {
  let calls: Array<number | "clear">;
  let queryClient: QueryClient;
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    // 2026-12-02 01:00 UTC is still 1 December in New York.
    vi.setSystemTime(new Date("2026-12-02T01:00:00Z"));
    calls = [];
    vi.stubGlobal("navigator", {
      setAppBadge: (count: number) => Promise.resolve(void calls.push(count)),
      clearAppBadge: () => Promise.resolve(void calls.push("clear")),
    });
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    queryClient.setQueryData(PUBLIC_SETTINGS_KEY, { logoUrl: null, instagramUrl: null, timeZone: "America/New_York" });
  });
  afterEach(() => {
    stop?.();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const tasks = [
    task({ id: 1, title: "overdue", dueDate: "2026-11-30" }),
    task({ id: 2, title: "today", dueDate: "2026-12-01" }),
    task({ id: 3, title: "tomorrow", dueDate: "2026-12-02" }),
    task({ id: 4, title: "done", dueDate: "2026-11-30", completed: true }),
  ];

  it("waits for the list and the preferences, then shows the open tasks due today or overdue in the school's day", () => {
    stop = startAppBadge(queryClient);
    expect(calls).toEqual([]);
    queryClient.setQueryData(getTasksQueryOptions().queryKey, tasks);
    expect(calls).toEqual([]);
    queryClient.setQueryData(preferencesQueryOptions.queryKey, PREFERENCES);
    expect(calls).toEqual([2]);
  });

  it("follows the list, clears at none, rolls over at midnight, and clears when turned off", () => {
    queryClient.setQueryData(getTasksQueryOptions().queryKey, tasks);
    queryClient.setQueryData(preferencesQueryOptions.queryKey, PREFERENCES);
    stop = startAppBadge(queryClient);
    expect(calls).toEqual([2]);
    // Completing one: 1. The same count again sets nothing.
    queryClient.setQueryData(
      getTasksQueryOptions().queryKey,
      tasks.map((t) => (t.id === 2 ? { ...t, completed: true } : t)),
    );
    queryClient.setQueryData(
      getTasksQueryOptions().queryKey,
      tasks.map((t) => (t.id === 2 ? { ...t, completed: true, title: "renamed" } : t)),
    );
    expect(calls).toEqual([2, 1]);
    queryClient.setQueryData(getTasksQueryOptions().queryKey, [tasks[2]!]);
    expect(calls).toEqual([2, 1, "clear"]);
    // After midnight in New York, tomorrow's task is due today.
    vi.setSystemTime(new Date("2026-12-02T05:30:00Z"));
    vi.advanceTimersByTime(60_000);
    expect(calls).toEqual([2, 1, "clear", 1]);
    queryClient.setQueryData(preferencesQueryOptions.queryKey, { ...PREFERENCES, appBadge: false });
    expect(calls).toEqual([2, 1, "clear", 1, "clear"]);
  });

  it("does nothing where the browser has no Badging API", () => {
    vi.stubGlobal("navigator", {});
    queryClient.setQueryData(getTasksQueryOptions().queryKey, tasks);
    queryClient.setQueryData(preferencesQueryOptions.queryKey, PREFERENCES);
    stop = startAppBadge(queryClient);
    expect(calls).toEqual([]);
  });

  it("reads the school's settings under the key their query uses", () => {
    expect(PUBLIC_SETTINGS_KEY).toEqual(getPublicSettingsQueryOptions().queryKey);
  });
});
