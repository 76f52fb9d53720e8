import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon, ChevronUpIcon } from "lucide-react";
import type { ComponentProps } from "react";
import { DayPicker, getDefaultClassNames } from "react-day-picker";
import { es } from "react-day-picker/locale";
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { useLocale } from "@/lib/i18n";

export type CalendarProps = ComponentProps<typeof DayPicker>;

/**
 * A react-day-picker month grid styled like the other primitives. Pass mode/selected/onSelect as usual.
 * In the app's language: month and weekday names, and the navigation's and days' labels (react-day-picker's
 * Spanish locale); weeks start on Sunday in both, as the Calendar tab's do.
 */
export function Calendar({ className, classNames, showOutsideDays = true, components, ...props }: CalendarProps) {
  const defaults = getDefaultClassNames();
  const locale = useLocale();
  return (
    <DayPicker
      locale={locale === "es" ? es : undefined}
      weekStartsOn={0}
      showOutsideDays={showOutsideDays}
      className={cn("p-3", className)}
      classNames={{
        root: cn("w-fit", defaults.root),
        months: "relative flex flex-col gap-4 sm:flex-row",
        month: "flex w-full flex-col gap-4",
        nav: "absolute inset-x-0 top-0 flex w-full items-center justify-between gap-1",
        button_previous: cn(buttonVariants({ variant: "ghost", size: "icon-sm" }), "aria-disabled:opacity-50"),
        button_next: cn(buttonVariants({ variant: "ghost", size: "icon-sm" }), "aria-disabled:opacity-50"),
        month_caption: "flex h-8 w-full items-center justify-center px-8",
        caption_label: "text-sm font-medium",
        dropdowns: "flex h-8 items-center justify-center gap-1.5 text-sm font-medium",
        month_grid: "w-full border-collapse",
        weekdays: "flex",
        weekday: "flex-1 text-[0.8rem] font-normal text-muted-foreground select-none",
        week: "mt-1 flex w-full",
        day: "group/day relative aspect-square size-9 p-0 text-center select-none",
        day_button: cn(buttonVariants({ variant: "ghost", size: "icon-sm" }), "size-9 font-normal aria-selected:opacity-100"),
        selected:
          "[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary [&>button]:hover:text-primary-foreground",
        today: "[&>button]:font-semibold [&>button]:ring-1 [&>button]:ring-primary/50",
        outside: "text-muted-foreground opacity-60",
        disabled: "text-muted-foreground opacity-40",
        hidden: "invisible",
        range_start: "rounded-l-md bg-accent",
        range_middle: "rounded-none bg-accent",
        range_end: "rounded-r-md bg-accent",
        ...classNames,
      }}
      components={{
        Chevron: ({ orientation, className: chevronClass }) => {
          const Icon =
            orientation === "left"
              ? ChevronLeftIcon
              : orientation === "right"
                ? ChevronRightIcon
                : orientation === "up"
                  ? ChevronUpIcon
                  : ChevronDownIcon;
          return <Icon className={cn("size-4", chevronClass)} aria-hidden="true" />;
        },
        ...components,
      }}
      {...props}
    />
  );
}
