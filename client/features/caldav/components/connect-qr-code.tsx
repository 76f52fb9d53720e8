import type { CreatedDevicePassword } from "@core/schemas/device-passwords";
import { QrCode } from "@/components/qr-code";
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

/** The QR code of the connect link. */
export function ConnectQrCode({ created }: { created: CreatedDevicePassword }) {
  const t = useT();
  return <QrCode value={connectLink(created)} label={t("caldav.qr_label")} caption={t("caldav.qr_caption")} />;
}
