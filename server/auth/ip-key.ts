import { isIPv4, isIPv6 } from "node:net";
import type { Request } from "express";

/** The eight 16-bit groups of an IPv6 address (with "::" expanded and a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split(".").map(Number);
    text = text.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const parse = (part: string) => (part ? part.split(":").map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The key an address-based limit counts under. One IPv6 customer usually holds a whole /64 and can rotate through
 * 2^64 addresses, so IPv6 is grouped by its /64; an IPv4-mapped IPv6 address (`::ffff:203.0.113.5`, how a
 * dual-stack socket reports IPv4 clients) is the IPv4 address it carries, so both spellings share one counter.
 */
export function addressKey(ip: string | undefined): string {
  const address = (ip ?? "").replace(/%.*$/, ""); // a zone index (fe80::1%eth0) is local detail
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return "unknown";
  const groups = ipv6Groups(address.toLowerCase());
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The limit key of the request's client address (req.ip honours TRUST_PROXY). */
export function ipKey(req: Pick<Request, "ip">): string {
  return addressKey(req.ip);
}

/** A client address as a range fit to show its owner (IPv4 /24, IPv6 /64): where from, without the exact address. */
export function addressRange(ip: string | undefined): string {
  const key = addressKey(ip);
  if (isIPv4(key)) return `${key.split(".").slice(0, 3).join(".")}.0/24`;
  return key === "unknown" ? "an unknown address" : key;
}
