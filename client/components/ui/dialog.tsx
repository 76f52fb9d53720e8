import { XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { useReturnFocus } from "@/hooks/use-return-focus";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n";
import type { ReturnFocusFallback } from "@/lib/return-focus";

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogPortal = DialogPrimitive.Portal;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      data-slot="dialog-overlay"
      className={cn("fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out", className)}
      {...props}
    />
  );
}

type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Show the corner close button (labelled "Close", common.close). */
  showCloseButton?: boolean;
  /** Where the focus goes on close when the control that opened the dialog is gone (docs/product.md#dialogs-and-focus). */
  returnFocusFallback?: ReturnFocusFallback;
};

/**
 * The dialog panel. On close the focus returns to the control that opened it, else to
 * `returnFocusFallback()` or a neighbour (docs/product.md#dialogs-and-focus).
 */
export function DialogContent({
  className,
  children,
  showCloseButton = true,
  returnFocusFallback,
  onCloseAutoFocus,
  onOpenAutoFocus,
  ref,
  ...props
}: DialogContentProps) {
  const { contentRef, onCloseAutoFocus: returnFocus } = useReturnFocus({ fallback: returnFocusFallback, onCloseAutoFocus, ref });
  const t = useT();
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        ref={contentRef}
        onCloseAutoFocus={returnFocus}
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          // A dialog that keeps its first field unfocused (the event form: no keyboard popping up
          // over it on a phone) still takes the focus itself: left on the button that opened it,
          // behind the overlay, Tab walked the page under the dialog until something in it was
          // focused (WCAG 2.4.3; seen by e2e/wcag-22.spec.ts at 375 px).
          if (event.defaultPrevented && event.target instanceof HTMLElement) event.target.focus({ preventScroll: true });
        }}
        onFocus={(event) => {
          // Tab from the last control goes round to the first with preventScroll (Radix's focus
          // trap), leaving it scrolled out of a long dialog, unseen (WCAG 2.4.11, decision 123).
          const [box, frame] = [event.target.getBoundingClientRect(), event.currentTarget.getBoundingClientRect()];
          if (box.bottom <= frame.top || box.top >= frame.bottom) event.target.scrollIntoView({ block: "nearest" });
          props.onFocus?.(event);
        }}
        data-slot="dialog-content"
        className={cn(
          "fixed top-[calc(var(--page-height)/2)] left-1/2 z-50 grid max-h-[calc(var(--page-height)-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg border bg-card p-5 shadow-lg outline-none data-[state=open]:animate-zoom-in sm:p-6",
          className,
        )}
        {...props}
      >
        {children}
        {showCloseButton && (
          <DialogPrimitive.Close className="absolute top-3 right-3 rounded-md p-1 text-muted-foreground opacity-80 transition hover:bg-accent hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
            <XIcon className="size-4" aria-hidden="true" />
            <span className="sr-only">{t("common.close")}</span>
          </DialogPrimitive.Close>
        )}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="dialog-header" className={cn("flex flex-col gap-1.5 pr-6 text-left", className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<"div">) {
  return <div data-slot="dialog-footer" className={cn("flex flex-col-reverse gap-2 sm:flex-row sm:justify-end", className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title data-slot="dialog-title" className={cn("text-lg leading-tight font-semibold", className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description data-slot="dialog-description" className={cn("text-sm text-muted-foreground", className)} {...props} />
  );
}
