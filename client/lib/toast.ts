import { toast as sonner } from "sonner";

export type ToastOptions = {
  title: string;
  description?: string;
  /** "destructive" shows an error-styled toast. */
  variant?: "default" | "destructive" | "success";
  /** A stable id replaces an earlier toast with the same id instead of queueing a second one. */
  id?: string;
};

/** Shows one toast (the Toaster keeps only one visible at a time, docs/product.md#toasts). */
export function showToast({ title, description, variant = "default", id }: ToastOptions): string | number {
  const options = id === undefined ? { description } : { description, id };
  if (variant === "destructive") return sonner.error(title, options);
  if (variant === "success") return sonner.success(title, options);
  return sonner(title, options);
}

export const toast = showToast;
