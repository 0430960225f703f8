import { describe, expect, it } from "vitest";
import { NetworkError } from "@/lib/api-client";
import { describeFailure, withServerReason } from "@/lib/describe-failure";

const failure = (status: number, body: unknown) => new Error(`${status}: ${JSON.stringify(body)}`);

describe("describeFailure", () => {
  it("carries the status and the server's message (spec 000 §8)", () => {
    expect(describeFailure(failure(402, { message: "Upgrade to add more." }))).toBe("402: Upgrade to add more.");
  });

  it("falls back to the spec's words when the server said nothing", () => {
    expect(describeFailure(new Error("500: "))).toBe("An error occurred");
  });

  it("says a request that never got an answer was a network error", () => {
    expect(describeFailure(new NetworkError())).toBe("Network error. Please try again.");
  });
});

describe("withServerReason", () => {
  it("adds the reason a user can act on after the fixed text", () => {
    const limit = failure(402, { message: "File limit reached." });
    expect(withServerReason("Failed to create asset. Please try again.", limit)).toBe(
      "Failed to create asset. Please try again. File limit reached.",
    );
    expect(withServerReason("Failed to add online account", limit)).toBe(
      "Failed to add online account. File limit reached.",
    );
  });

  it("keeps to the fixed text for failures a user cannot act on", () => {
    const fallback = "Failed to delete asset. Please try again.";
    expect(withServerReason(fallback, failure(500, { message: "Internal error (req 9f2c)" }))).toBe(fallback);
    expect(withServerReason(fallback, failure(404, { message: "Asset not found" }))).toBe(fallback);
    expect(withServerReason(fallback, new NetworkError())).toBe(fallback);
  });
});
