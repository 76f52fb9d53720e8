import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { buttonVariants } from "@/components/ui/button";
import { useReturnFocus } from "@/hooks/use-return-focus";
import { cn } from "@/lib/cn";
import type { ReturnFocusFallback } from "@/lib/return-focus";

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;
export const AlertDialogPortal = AlertDialogPrimitive.Portal;

export function AlertDialogOverlay({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Overlay>) {
  return (
    <AlertDialogPrimitive.Overlay
      data-slot="alert-dialog-overlay"
      className={cn("fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out", className)}
      {...props}
    />
  );
}

type AlertDialogContentProps = ComponentProps<typeof AlertDialogPrimitive.Content> & {
  /** Where the focus goes on close when the control that opened the question is gone (docs/product.md#dialogs-and-focus). */
  returnFocusFallback?: ReturnFocusFallback;
};

/** The question's panel; on close the focus returns like a dialog's (docs/product.md#dialogs-and-focus). */
export function AlertDialogContent({ className, returnFocusFallback, onCloseAutoFocus, ref, ...props }: AlertDialogContentProps) {
  const { contentRef, onCloseAutoFocus: returnFocus } = useReturnFocus({ fallback: returnFocusFallback, onCloseAutoFocus, ref });
  return (
    <AlertDialogPortal>
      <AlertDialogOverlay />
      <AlertDialogPrimitive.Content
        ref={contentRef}
        onCloseAutoFocus={returnFocus}
        data-slot="alert-dialog-content"
        className={cn(
          "fixed top-[calc(var(--page-height)/2)] left-1/2 z-50 grid max-h-[calc(var(--page-height)-2rem)] w-[calc(100%-2rem)] max-w-md overflow-y-auto -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-card p-5 shadow-lg outline-none data-[state=open]:animate-zoom-in sm:p-6",
          className,
        )}
        {...props}
      />
    </AlertDialogPortal>
  );
}

export function AlertDialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="alert-dialog-header" className={cn("flex flex-col gap-2 text-left", className)} {...props} />;
}

export function AlertDialogFooter({ className, ...props }: ComponentProps<"div">) {
  return (
    <div data-slot="alert-dialog-footer" className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />
  );
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return <AlertDialogPrimitive.Title className={cn("text-lg font-semibold", className)} {...props} />;
}

export function AlertDialogDescription({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return <AlertDialogPrimitive.Description className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

type AlertDialogActionProps = ComponentProps<typeof AlertDialogPrimitive.Action> & {
  variant?: "default" | "destructive";
};

export function AlertDialogAction({ className, variant = "default", ...props }: AlertDialogActionProps) {
  return <AlertDialogPrimitive.Action className={cn(buttonVariants({ variant }), className)} {...props} />;
}

export function AlertDialogCancel({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Cancel>) {
  return <AlertDialogPrimitive.Cancel className={cn(buttonVariants({ variant: "outline" }), className)} {...props} />;
}
