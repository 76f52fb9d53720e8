import { useEffect, useState } from "react";

/**
 * A QR code of `value`, drawn as one SVG path; its encoder (uqr) comes when a code is first shown.
 * A calendar app's connect link (Settings → Calendar apps) and an authenticator app's key
 * (two-step verification) are scanned from it.
 */
export function QrCode({ value, label, caption }: { value: string; label: string; caption: string }) {
  const [modules, setModules] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let live = true;
    void import("uqr").then(({ encode }) => {
      if (live) setModules(encode(value, { ecc: "M", border: 2 }).data);
    });
    return () => {
      live = false;
    };
  }, [value]);
  if (!modules) return null;
  const size = modules.length;
  const path = modules.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join("");
  return (
    <figure className="grid justify-items-center gap-1">
      <svg viewBox={`0 0 ${size} ${size}`} className="size-44 rounded bg-white" role="img" aria-label={label}>
        <path d={path} fill="#000" />
      </svg>
      <figcaption className="text-center text-xs text-muted-foreground">{caption}</figcaption>
    </figure>
  );
}
