import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { PlanGrid } from "@/features/billing/components/plan-grid";
import { renderWithApp } from "@/testing/test-utils";

describe("PlanGrid", () => {
  it("offers an agent Professional through its Contact Sales button, and no client plan", async () => {
    const onChoose = vi.fn();
    const { user } = renderWithApp(
      <PlanGrid currentPlan="freemium" pendingPlan={undefined} onChoose={onChoose} isAgent />,
    );
    const clientPlans = screen.getAllByRole("button", { name: "For client accounts" });
    expect(clientPlans).toHaveLength(2);
    for (const button of clientPlans) expect(button).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Contact Sales" }));
    expect(onChoose).toHaveBeenCalledWith("professional");
  });

  it("offers a client every plan, Professional included", async () => {
    const onChoose = vi.fn();
    const { user } = renderWithApp(<PlanGrid currentPlan="freemium" pendingPlan={undefined} onChoose={onChoose} />);
    expect(screen.queryByRole("button", { name: "For client accounts" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Upgrade to Advanced Premium" }));
    expect(onChoose).toHaveBeenCalledWith("advanced_premium");
  });

  it("shows each paid plan's published cedi price beside the USD one", () => {
    renderWithApp(<PlanGrid currentPlan="freemium" pendingPlan={undefined} onChoose={vi.fn()} />);
    expect(screen.getByTestId("plan-ghs-basic_premium")).toHaveTextContent("GH₵250.00/month in Ghana");
    expect(screen.getByTestId("plan-ghs-advanced_premium")).toHaveTextContent("GH₵375.00/month in Ghana");
    expect(screen.getByTestId("plan-ghs-professional")).toHaveTextContent("GH₵625.00/month in Ghana");
    expect(screen.queryByTestId("plan-ghs-freemium")).not.toBeInTheDocument();
  });

  it("a current plan whose period ends unless paid again offers the next month; otherwise it is disabled", async () => {
    const onChoose = vi.fn();
    const { user, unmount } = renderWithApp(
      <PlanGrid currentPlan="basic_premium" pendingPlan={undefined} onChoose={onChoose} canPayNextPeriod />,
    );
    await user.click(screen.getByRole("button", { name: "Current Plan · pay next month" }));
    expect(onChoose).toHaveBeenCalledExactlyOnceWith("basic_premium");
    unmount();
    renderWithApp(<PlanGrid currentPlan="basic_premium" pendingPlan={undefined} onChoose={onChoose} />);
    expect(screen.getByRole("button", { name: "Current Plan" })).toBeDisabled();
  });
});
