import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { OverviewTab, type VerificationRequestSummary } from "@/features/death-verification/components/overview-tab";
import { renderWithApp } from "@/testing/test-utils";

const request = (id: number, extra: Partial<VerificationRequestSummary> = {}): VerificationRequestSummary => ({
  id,
  requestorType: "trusted_party",
  verificationScore: 40,
  status: "pending",
  createdAt: `2026-11-0${id}T10:00:00.000Z`,
  ...extra,
});

describe("OverviewTab", () => {
  it("says honestly that there are no requests, and is not ready without an accepted party", () => {
    renderWithApp(<OverviewTab requests={[]} trustedParties={{ total: 2, active: 0 }} />);
    expect(screen.getByText("No verification requests")).toBeInTheDocument();
    expect(screen.getByText("Not ready")).toBeInTheDocument();
    expect(screen.getByText("Trusted parties").nextElementSibling).toHaveTextContent("2");
  });

  it("shows the 3 most recent requests with type, score, date and a failure style for other statuses", () => {
    const requests = [
      request(1),
      request(2, { status: "rejected", requestorType: "family_member", verificationScore: 85 }),
      request(3, { status: "in_review" }),
      request(4, { status: "verified", verificationScore: 90 }),
    ];
    renderWithApp(<OverviewTab requests={requests} trustedParties={{ total: 1, active: 1 }} />);
    expect(screen.getByText("Ready")).toBeInTheDocument();
    expect(screen.getByText("Verification requests").nextElementSibling).toHaveTextContent("4");
    const items = within(screen.getByRole("list", { name: "Recent verification requests" })).getAllByRole("listitem");
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent("Score 90/100");
    expect(items[2]).toHaveTextContent(/family member request/i);
    expect(within(items[2]).getByText("rejected")).toHaveClass("bg-destructive");
    expect(within(items[0]).getByText("verified")).not.toHaveClass("bg-destructive");
  });
});
