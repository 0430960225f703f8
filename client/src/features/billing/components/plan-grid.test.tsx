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
});
