import { XIcon } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type { ComponentProps } from "react";
import { useReturnFocus } from "@/hooks/use-return-focus";
import { cn } from "@/lib/cn";
import { useT } from "@/lib/i18n";
import type { ReturnFocusFallback } from "@/lib/return-focus";

/** A Radix Dialog shown as a drawer sliding in from the left (the mobile sidebar). */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

type SheetContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  /** Where the focus goes on close when the control that opened the drawer is gone (docs/product.md#dialogs-and-focus). */
  returnFocusFallback?: ReturnFocusFallback;
};

/** The drawer; on close the focus returns to the control that opened it (docs/product.md#dialogs-and-focus). */
export function SheetContent({ className, children, returnFocusFallback, onCloseAutoFocus, ref, ...props }: SheetContentProps) {
  const { contentRef, onCloseAutoFocus: returnFocus } = useReturnFocus({ fallback: returnFocusFallback, onCloseAutoFocus, ref });
  const t = useT();
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay
        data-slot="sheet-overlay"
        className="fixed inset-0 z-50 bg-black/50 data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out"
      />
      <DialogPrimitive.Content
        ref={contentRef}
        onCloseAutoFocus={returnFocus}
        data-slot="sheet-content"
        className={cn(
          "fixed top-0 left-0 z-50 flex h-(--page-height) w-72 max-w-[85vw] flex-col border-r bg-card shadow-xl outline-none data-[state=open]:animate-slide-in-left data-[state=closed]:animate-slide-out-left",
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="absolute top-3 right-3 rounded-md p-1.5 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          <XIcon className="size-5" aria-hidden="true" />
          <span className="sr-only">{t("dashboard.close_menu")}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;
