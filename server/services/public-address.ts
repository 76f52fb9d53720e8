import { isIP } from "node:net";

/**
 * Whether an IP address is on the public internet, for the LMS feed fetcher (decision 117): no
 * loopback, private, link-local, CGNAT, multicast, reserved or documentation range, and no IPv6
 * form that carries one of those IPv4 addresses (mapped, compatible, NAT64, 6to4, Teredo).
 */
export function isPublicAddress(address: string): boolean {
  const kind = isIP(address);
  if (kind === 4) return isPublicIPv4(ipv4Bytes(address));
  if (kind === 6) return isPublicIPv6(ipv6Bytes(address));
  return false;
}

type Range = readonly [prefix: readonly number[], bits: number];

const NON_PUBLIC_V4: readonly Range[] = [
  [[0], 8], // "this network"
  [[10], 8], // private
  [[100, 64], 10], // CGNAT
  [[127], 8], // loopback
  [[169, 254], 16], // link-local (cloud metadata at 169.254.169.254)
  [[172, 16], 12], // private
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // documentation
  [[192, 88, 99], 24], // 6to4 relay anycast
  [[192, 168], 16], // private
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24], // documentation
  [[203, 0, 113], 24], // documentation
  [[224], 4], // multicast
  [[240], 4], // reserved and broadcast
];

const NON_PUBLIC_V6: readonly Range[] = [
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64], // discard
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0xfc], 7], // unique local
  [[0xfe, 0x80], 10], // link-local
  [[0xfe, 0xc0], 10], // site-local (deprecated)
  [[0xff], 8], // multicast
];

function inRange(bytes: readonly number[], [prefix, bits]: Range): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const index = bit >> 3;
    const mask = 0x80 >> (bit & 7);
    if (((bytes[index] ?? 0) & mask) !== ((prefix[index] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Bytes(address: string): number[] {
  return address.split(".").map(Number);
}

function isPublicIPv4(bytes: readonly number[]): boolean {
  return !NON_PUBLIC_V4.some((range) => inRange(bytes, range));
}

/** The 16 bytes of an IPv6 address (isIP has already said it is one), a trailing dotted IPv4 part included. */
function ipv6Bytes(address: string): number[] {
  let text = address.replace(/%.*$/, "").toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = ipv4Bytes(dotted[1]!);
    text = text.slice(0, -dotted[1]!.length) + `${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...tailGroups];
  return groups.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}

function isPublicIPv6(bytes: readonly number[]): boolean {
  const leadingZeros = (count: number) => bytes.slice(0, count).every((byte) => byte === 0);
  // :: and ::1, and the deprecated IPv4-compatible form ::a.b.c.d.
  if (leadingZeros(12)) return false;
  // ::ffff:a.b.c.d (mapped) and ::ffff:0:a.b.c.d (translated) name an IPv4 address.
  if (leadingZeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) return isPublicIPv4(bytes.slice(12));
  if (leadingZeros(8) && bytes[8] === 0xff && bytes[9] === 0xff && bytes[10] === 0 && bytes[11] === 0) return isPublicIPv4(bytes.slice(12));
  // NAT64 (64:ff9b::/96 and the local-use 64:ff9b:1::/48) reaches the IPv4 address in its last bytes.
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b) {
    if (bytes[4] === 0 && bytes[5] === 1) return false;
    return isPublicIPv4(bytes.slice(12));
  }
  // 6to4 (2002::/16) carries the IPv4 address in bytes 2-5; Teredo (2001::/32) the client's, inverted.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return isPublicIPv4(bytes.slice(2, 6));
  if (bytes[0] === 0x20 && bytes[1] === 0x01 && bytes[2] === 0 && bytes[3] === 0)
    return isPublicIPv4(bytes.slice(12).map((byte) => byte ^ 0xff));
  if (NON_PUBLIC_V6.some((range) => inRange(bytes, range))) return false;
  // Only global unicast (2000::/3) is routed on the internet.
  return (bytes[0]! & 0xe0) === 0x20;
}
