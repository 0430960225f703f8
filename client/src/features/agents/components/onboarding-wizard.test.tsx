import { describe, expect, it } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { OnboardingWizard } from "@/features/agents/components/onboarding-wizard";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

type Driver = ReturnType<typeof renderWithApp>["user"];

async function fillBusiness(user: Driver) {
  await user.type(screen.getByLabelText("Business name"), "Mensah Legal");
  await user.type(screen.getByLabelText("License number"), "GH-2231");
  await user.type(screen.getByLabelText("Business address"), "12 Independence Avenue, Accra");
  await user.type(screen.getByLabelText("Business phone"), "+233201234567");
}

describe("OnboardingWizard", () => {
  it("walks the three steps with the spec's messages, shows live potential earnings and submits once valid", async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.post("/api/agent/onboard", async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(
          { profile: { id: 1 }, user: { id: 5, userType: "agent", twoFactorEnabled: false, passkeyCount: 0 } },
          { status: 201 },
        );
      }),
    );
    const { user } = renderWithApp(<OnboardingWizard signedIn />);
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Business name must be at least 2 characters")).toBeInTheDocument();
    expect(screen.getByText("Complete business address is required")).toBeInTheDocument();
    await fillBusiness(user);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText(/Practice Areas & Specializations/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Select at least one practice area")).toBeInTheDocument();
    await user.click(screen.getByLabelText("Estate Planning"));
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText(/Terms & Commission/)).toBeInTheDocument();
    // 10 clients × 29.99 × 10 / 100
    expect(screen.getByRole("status")).toHaveTextContent("$29.99");
    const rate = screen.getByLabelText(/Commission rate/);
    await user.clear(rate);
    await user.type(rate, "20");
    expect(screen.getByRole("status")).toHaveTextContent("$59.98");
    const submit = screen.getByRole("button", { name: "Complete Onboarding" });
    expect(submit).toBeDisabled();
    await user.click(screen.getByLabelText(/I agree to the agent terms/));
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    await waitFor(() => expect(sent).toBeDefined());
    expect(sent).toMatchObject({
      businessName: "Mensah Legal",
      practiceAreas: ["Estate Planning"],
      agreeToTerms: true,
    });
    expect(Number(sent?.commissionRate)).toBe(20);
  });

  it("asks a signed-out visitor for the account, and says onboarding failed when the server refuses", async () => {
    server.use(http.post("/api/agent/onboard", () => apiError(409, "An account with this email already exists.")));
    const { user } = renderWithApp(<OnboardingWizard signedIn={false} />);
    await user.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("First name is required")).toBeInTheDocument();
    await user.type(screen.getByLabelText("First name"), "Kojo");
    await user.type(screen.getByLabelText("Last name"), "Mensah");
    await user.type(screen.getByLabelText("Email"), "kojo@example.com");
    await user.type(screen.getByLabelText("Password"), "Kente-Cloth-2026");
    await fillBusiness(user);
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(await screen.findByLabelText("Tax Law"));
    await user.click(screen.getByRole("button", { name: "Next" }));
    await user.click(await screen.findByLabelText(/I agree to the agent terms/));
    const submit = screen.getByRole("button", { name: "Complete Onboarding" });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to create agent profile. Please try again.");
  });
});
