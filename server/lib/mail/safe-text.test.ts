import { describe, expect, it } from "vitest";
import { isUrlLike, plainLine, subjectFirstName, withoutUrls } from "./safe-text";

describe("user text in messages (ABUSE-03)", () => {
  it("recognises anything a mail client could turn into a link", () => {
    for (const word of [
      "http://phish.example",
      "hxxp://x",
      "www.bank",
      "WWW.x",
      "phish.example",
      "login.bank-gh.com/verify",
      "ama@mail.example",
      "bit.ly",
      "écoles.fr",
    ]) {
      expect(isUrlLike(word), word).toBe(true);
    }
    for (const word of ["Ama", "O'Brien", "Anne-Marie", "J.", "Ɛsi", "Nana", "St."]) {
      expect(isUrlLike(word), word).toBe(false);
    }
  });

  it("keeps at most a first name for a Subject: no URL, digit, control or bidi character", () => {
    expect(subjectFirstName("Evil http://phish.example Corp", "X")).toBe("Evil");
    expect(subjectFirstName("http://phish.example Evil", "X")).toBe("Evil");
    expect(subjectFirstName("www.phish.example", "Someone")).toBe("Someone");
    expect(subjectFirstName("Call 0800123456", "X")).toBe("Call");
    expect(subjectFirstName("0800123456", "Someone")).toBe("Someone");
    expect(subjectFirstName("Ama\r\nBcc: spy@evil.example", "X")).toBe("Ama");
    expect(subjectFirstName("\u202eAma", "X")).toBe("Ama");
    expect(subjectFirstName("Ɔkyeame", "X")).toBe("Ɔkyeame");
    expect(subjectFirstName("Anne-Marie Mensah", "X")).toBe("Anne-Marie");
    expect(subjectFirstName(null, "Someone")).toBe("Someone");
    expect(subjectFirstName("A".repeat(300), "X")).toHaveLength(40);
  });

  it("drops URL-like words from names shown in a body, and flattens control characters", () => {
    expect(withoutUrls("Evil http://phish.example Corp")).toBe("Evil Corp");
    expect(withoutUrls("Kofi\u202e visit evil.example now")).toBe("Kofi visit now");
    expect(plainLine("a\u0000b\u200bc\nd")).toBe("a b c d");
  });
});
