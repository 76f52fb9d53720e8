import { useEffect, useState } from "react";
import type { CreatedDevicePassword } from "@core/schemas/device-passwords";
import { useT } from "@/lib/i18n";

/**
 * The address a phone's camera opens in DAVx5 (or another CalDAV app that takes caldav(s):// links)
 * with the account filled in: `caldavs://user:password@host/` (RFC 3986 userinfo, encoded).
 */
export function connectLink(created: Pick<CreatedDevicePassword, "serverUrl" | "username" | "password">): string {
  const url = new URL(created.serverUrl);
  const scheme = url.protocol === "https:" ? "caldavs" : "caldav";
  return `${scheme}://${encodeURIComponent(created.username)}:${encodeURIComponent(created.password)}@${url.host}${url.pathname}`;
}

/** The QR code of the connect link, drawn as one SVG path; its encoder comes when a password is first shown. */
export function ConnectQrCode({ created }: { created: CreatedDevicePassword }) {
  const t = useT();
  const [modules, setModules] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let live = true;
    void import("uqr").then(({ encode }) => {
      if (live) setModules(encode(connectLink(created), { ecc: "M", border: 2 }).data);
    });
    return () => {
      live = false;
    };
  }, [created]);
  if (!modules) return null;
  const size = modules.length;
  const path = modules.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join("");
  return (
    <figure className="grid justify-items-center gap-1">
      <svg viewBox={`0 0 ${size} ${size}`} className="size-44 rounded bg-white" role="img" aria-label={t("caldav.qr_label")}>
        <path d={path} fill="#000" />
      </svg>
      <figcaption className="text-center text-xs text-muted-foreground">{t("caldav.qr_caption")}</figcaption>
    </figure>
  );
}
