import { useState } from "react";
import { usePublicSettings } from "@/api/settings/get-public-settings";
import { cn } from "@/lib/cn";
import { DEFAULT_LOGO_SRC } from "@core/static-landing";

type AppLogoProps = {
  className?: string;
  /** Alt text; empty when a visible "Student Hub" name sits next to it. */
  alt?: string;
};

/** The school's custom logo (public setting logoUrl) when set, else the bundled one. */
export function AppLogo({ className, alt = "Student Hub" }: AppLogoProps) {
  const { logoUrl } = usePublicSettings();
  const [brokenSrc, setBrokenSrc] = useState<string | null>(null);
  const src = logoUrl && logoUrl !== brokenSrc ? logoUrl : DEFAULT_LOGO_SRC;
  return (
    <img
      // The static landing page's script finds the logos by this (client/public/landing.js).
      data-app-logo=""
      src={src}
      alt={alt}
      className={cn("size-10 shrink-0 rounded-lg object-contain", className)}
      onError={() => {
        if (src !== DEFAULT_LOGO_SRC) setBrokenSrc(src);
      }}
    />
  );
}
