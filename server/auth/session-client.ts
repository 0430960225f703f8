import { isIPv4, isIPv6 } from "node:net";

/** What a stored session keeps about its browser: enough to recognise it in the settings list, nothing more. */
export const USER_AGENT_MAX = 256;

/**
 * The coarse network an address belongs to, for the session list: the IPv4 /24 or the IPv6 /48, never the address
 * itself (no geo database: the user recognises their home or office range, and nothing finer is stored).
 */
export function addressRange(ip: string | undefined): string {
  let address = (ip ?? "").replace(/%.*$/, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) address = mapped[1];
  if (isIPv4(address)) return `IPv4 ${address.split(".").slice(0, 3).join(".")}.0/24`;
  if (!isIPv6(address)) return "Unknown network";
  const [head, tail] = address.toLowerCase().includes("::") ? address.toLowerCase().split("::") : [address, undefined];
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const groups = [...front, ...Array<string>(8 - front.length - back.length).fill("0"), ...back];
  const prefix = groups.slice(0, 3).map((g) => parseInt(g, 16).toString(16));
  return `IPv6 ${prefix.join(":")}::/48`;
}

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** "Chrome on Windows", from the user agent the session signed in with; "Unknown device" when it says nothing known. */
export function describeDevice(userAgent: string | undefined): string {
  if (!userAgent) return "Unknown device";
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Unknown device";
}
