import { t } from "@/lib/i18n";
import { onDemand, useOnDemand } from "@/lib/on-demand";
import type * as ToastLibrary from "@/lib/toast-library";

type Sonner = typeof ToastLibrary;

export type ToastOptions = {
  title: string;
  description?: string;
  /** "destructive" shows an error-styled toast. */
  variant?: "default" | "destructive" | "success";
  /** A stable id replaces an earlier toast with the same id instead of queueing a second one. */
  id?: string;
  /** A button in the toast ("Reload"). */
  action?: { label: string; onClick: () => void };
  /** Milliseconds on screen; Infinity keeps it until it is used or dismissed. */
  duration?: number;
};

/**
 * The toast library, downloaded on first need (docs/decisions/065): the landing page shows no
 * toast, so a visitor never downloads it. The other screens start loading it with their own
 * chunk (the router), so it is there before their first toast, also when the connection drops.
 */
export const toastLibrary = onDemand(() => import("@/lib/toast-library"));

/** The toast library once loaded, else null: what the app's Toaster is rendered from. */
export function useToastLibrary(): Sonner | null {
  return useOnDemand(toastLibrary, false).module;
}

function show({ toast }: Sonner, { title, description, variant = "default", id, action, duration }: ToastOptions): void {
  const options = { description, ...(id === undefined ? {} : { id }), ...(action ? { action } : {}), ...(duration ? { duration } : {}) };
  if (variant === "destructive") toast.error(title, options);
  else if (variant === "success") toast.success(title, options);
  else toast(title, options);
}

/**
 * Shows one toast (the Toaster keeps only one visible at a time, docs/product.md#toasts). One
 * asked for while the library is still loading shows once it has: the Toaster, mounted then,
 * replays the toasts created before it.
 */
export function showToast(options: ToastOptions): void {
  const loaded = toastLibrary.loaded();
  if (loaded) {
    show(loaded, options);
    return;
  }
  toastLibrary.load().then(
    (sonner) => show(sonner, options),
    () => console.warn(`Toast not shown (the toast library did not load): ${options.title}`),
  );
}

export const toast = showToast;

/**
 * The toast for a part of the app that could not be downloaded (offline): `part` is worded by the
 * caller, "The task form", "Settings"… (Spanish "el formulario de la tarea": the sentence starts
 * with it in English only).
 */
export function showDownloadFailed(part: string): void {
  showToast({ title: t("dashboard.toast_error"), description: t("dashboard.download_failed", { part }), variant: "destructive" });
}
