import { useEffect, useEffectEvent, useState, useSyncExternalStore } from "react";

/**
 * Code downloaded when first needed, not with the screen (docs/decisions/065): a dialog's form,
 * a dashboard tab, the date picker, the toast library. The loader keeps the module once it has
 * arrived, so later uses are synchronous; a failed download (offline) is simply tried again.
 */
export type OnDemand<T> = {
  /** Starts the download, or joins the one under way. */
  load: () => Promise<T>;
  /** The module once it has arrived, else null. */
  loaded: () => T | null;
  subscribe: (onChange: () => void) => () => void;
};

export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let pending: Promise<T> | undefined;
  let module: T | null = null;
  const listeners = new Set<() => void>();
  return {
    load() {
      pending ??= load().then(
        (loaded) => {
          module = loaded;
          for (const listener of listeners) listener();
          return loaded;
        },
        (error: unknown) => {
          pending = undefined;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => module,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

/**
 * `part`'s module, null until it has arrived. While `needed`, the download is started; when it
 * fails, `failed` turns true (and `onError` runs) until `retry` starts another. A part that is
 * needed again later (a dialog opened again) also tries again.
 */
export function useOnDemand<T>(part: OnDemand<T>, needed: boolean, onError?: () => void) {
  const module = useSyncExternalStore(part.subscribe, part.loaded, part.loaded);
  const [attempt, setAttempt] = useState(0);
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);
  const reportError = useEffectEvent(() => onError?.());

  useEffect(() => {
    if (!needed || module) return;
    let current = true;
    part.load().catch(() => {
      if (!current) return;
      setFailedAttempt(attempt);
      reportError();
    });
    return () => {
      current = false;
    };
  }, [part, needed, module, attempt]);

  return {
    module,
    failed: module === null && failedAttempt === attempt,
    retry: () => setAttempt((n) => n + 1),
  };
}
