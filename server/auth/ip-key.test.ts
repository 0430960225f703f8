import { describe, expect, it } from "vitest";
import { addressKey, addressRange } from "./ip-key";

describe("addressKey", () => {
  it("keeps an IPv4 address whole", () => {
    expect(addressKey("203.0.113.5")).toBe("203.0.113.5");
  });

  it("reads an IPv4-mapped IPv6 address as the IPv4 address it carries, in either spelling", () => {
    expect(addressKey("::ffff:203.0.113.5")).toBe("203.0.113.5");
    expect(addressKey("::FFFF:cb00:7105")).toBe("203.0.113.5");
    expect(addressKey("0:0:0:0:0:ffff:203.0.113.5")).toBe("203.0.113.5");
  });

  it("groups IPv6 addresses by their /64, however they are written", () => {
    const key = "2001:db8:1:2::/64";
    for (const address of [
      "2001:db8:1:2::1",
      "2001:0db8:0001:0002:ffff:ffff:ffff:ffff",
      "2001:DB8:1:2:abcd::9",
      "2001:db8:1:2:0:0:0:0",
      "2001:db8:1:2::7%eth0",
    ]) {
      expect(addressKey(address), address).toBe(key);
    }
    expect(addressKey("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(addressKey("::1")).toBe("0:0:0:0::/64");
    expect(addressKey("fe80::1")).toBe("fe80:0:0:0::/64");
  });

  it("answers one key for anything that is not an address", () => {
    expect(addressKey(undefined)).toBe("unknown");
    expect(addressKey("not-an-ip")).toBe("unknown");
  });
});

describe("addressRange", () => {
  it("shows an owner where from without the exact address", () => {
    expect(addressRange("203.0.113.77")).toBe("203.0.113.0/24");
    expect(addressRange("::ffff:203.0.113.77")).toBe("203.0.113.0/24");
    expect(addressRange("2001:db8:1:2::99")).toBe("2001:db8:1:2::/64");
    expect(addressRange(undefined)).toBe("an unknown address");
  });
});
