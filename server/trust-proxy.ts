import { isIP } from "node:net";
import { refuse, text } from "./env-field";

/**
 * Which peers may tell us the client's address (X-Forwarded-For) and protocol: nobody, the
 * nearest `hops` proxies, or the proxies at these addresses/CIDR ranges. Anything trusted means
 * TLS is in front of us: cookies are Secure and HSTS is sent.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** Names @fastify/proxy-addr knows for common ranges. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);
const OFF = new Set(["", "0", "false", "no", "off"]);
const ONE_PROXY = new Set(["true", "yes", "on"]);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split("/");
  const version = isIP(address ?? "");
  if (!version || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY` (decision 051), a field of the environment's schema (config.ts): unset/false/0 →
 * off; a whole number → that many proxies in front (true/yes/on → 1); otherwise a comma-separated
 * list of the proxies' addresses or CIDR ranges (`10.0.0.0/8,127.0.0.1`, or
 * loopback/linklocal/uniquelocal).
 */
export const trustProxy = text.transform((value, ctx): TrustProxy => {
  const normalized = (value ?? "").trim().toLowerCase();
  if (OFF.has(normalized)) return false;
  if (ONE_PROXY.has(normalized)) return { hops: 1 };
  if (/^\d+$/.test(normalized)) return { hops: Number(normalized) };
  const addresses = normalized.split(",").map((entry) => entry.trim());
  const bad = addresses.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    return refuse(
      ctx,
      `TRUST_PROXY must be a number of proxies (e.g. 1) or the proxies' addresses/CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1); "${bad}" is neither`,
    );
  }
  return { addresses };
});

/**
 * Fastify's `trustProxy` option for it. A hop count is given as a function: Fastify 5 treats a
 * bare number as "trust nothing" (it cannot check the nearest peer), so `hop < hops` is ours to
 * say, and it holds only while the app is reachable through the proxy alone.
 */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ("hops" in trust) return (_address, hop) => hop < trust.hops;
  return trust.addresses;
}
