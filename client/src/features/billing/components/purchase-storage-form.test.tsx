import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { PurchaseStorageForm } from "@/features/billing/components/purchase-storage-form";
import { renderWithApp } from "@/testing/test-utils";

function renderForm(props: Partial<Parameters<typeof PurchaseStorageForm>[0]> = {}) {
  const onPurchase = vi.fn();
  const rendered = renderWithApp(
    <PurchaseStorageForm isSignedIn isPending={false} onPurchase={onPurchase} {...props} />,
  );
  return { ...rendered, onPurchase };
}

describe("PurchaseStorageForm", () => {
  it("shows the total at the tier's rate as the quantity changes, and purchases that quantity", async () => {
    const { user, onPurchase } = renderForm();
    const quantity = screen.getByLabelText("Storage (GB)");

    expect(quantity).toHaveAccessibleDescription("1 GB × $2.99 = $2.99 per month · in Ghana GH₵37.50");
    await user.clear(quantity);
    await user.type(quantity, "10");
    expect(quantity).toHaveAccessibleDescription("10 GB × $1.99 = $19.90 per month · in Ghana GH₵250.00");
    await user.clear(quantity);
    await user.type(quantity, "50");
    expect(quantity).toHaveAccessibleDescription("50 GB × $0.99 = $49.50 per month · in Ghana GH₵625.00");

    await user.click(screen.getByRole("button", { name: "Purchase" }));
    expect(onPurchase).toHaveBeenCalledExactlyOnceWith(50);
  });

  it("counts an empty quantity as 1 GB; above 1000 GB it says the range instead of a price, and leaving the field puts 1000 in it", async () => {
    const { user, onPurchase } = renderForm();
    const quantity = screen.getByLabelText("Storage (GB)");

    await user.clear(quantity);
    expect(screen.getByTestId("storage-total")).toHaveTextContent("$2.99");
    await user.click(screen.getByRole("button", { name: "Purchase" }));
    expect(onPurchase).toHaveBeenCalledExactlyOnceWith(1);

    await user.type(quantity, "5000");
    expect(quantity).toHaveAccessibleDescription("Choose from 1 to 1000 GB per purchase.");
    expect(screen.queryByTestId("storage-total")).not.toBeInTheDocument();
    expect(quantity).toBeInvalid();

    await user.tab();
    expect(quantity).toHaveValue(1000);
    expect(quantity).toHaveAccessibleDescription("1000 GB × $0.99 = $990.00 per month · in Ghana GH₵12,500.00");
    expect(quantity).toBeValid();
    await user.click(screen.getByRole("button", { name: "Purchase" }));
    expect(onPurchase).toHaveBeenLastCalledWith(1000);
  });

  it("says the range for a quantity of 0, and leaving the field puts 1 in it", async () => {
    const { user } = renderForm();
    const quantity = screen.getByLabelText("Storage (GB)");

    await user.clear(quantity);
    await user.type(quantity, "0");
    expect(quantity).toHaveAccessibleDescription("Choose from 1 to 1000 GB per purchase.");
    await user.tab();
    expect(quantity).toHaveValue(1);
    expect(quantity).toHaveAccessibleDescription("1 GB × $2.99 = $2.99 per month · in Ghana GH₵37.50");
  });

  it("says Processing... and locks the form while a purchase is in flight", async () => {
    const { user, onPurchase } = renderForm({ isPending: true });

    const button = screen.getByRole("button", { name: "Processing..." });
    expect(button).toBeDisabled();
    expect(screen.getByLabelText("Storage (GB)")).toBeDisabled();
    await user.click(button);
    expect(onPurchase).not.toHaveBeenCalled();
  });

  it("sends a signed-out visitor to sign in instead of offering the purchase", () => {
    renderForm({ isSignedIn: false });

    expect(screen.getByRole("link", { name: "Sign in to purchase" })).toHaveAttribute("href", "/auth");
    expect(screen.queryByRole("button", { name: "Purchase" })).not.toBeInTheDocument();
  });
});
