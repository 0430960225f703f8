import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { MyAgentSection } from "@/features/agents/components/my-agent-section";
import { server } from "@/testing/mocks/server";
import { renderWithApp } from "@/testing/test-utils";

describe("MyAgentSection", () => {
  it("shows the client's agent and ends the link after a confirmation", async () => {
    let linked = true;
    server.use(
      http.get("/api/user/agent", () =>
        HttpResponse.json(
          linked
            ? {
                name: "Kwesi Appiah",
                email: "kwesi@example.com",
                businessName: "Appiah & Co",
                businessPhone: null,
                website: null,
                isVerified: false,
              }
            : null,
        ),
      ),
      http.delete("/api/user/agent", () => {
        linked = false;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { user } = renderWithApp(<MyAgentSection />);
    expect(await screen.findByText("Kwesi Appiah")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "End Link" }));
    expect(linked).toBe(true);
    const dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "End Link" }));
    expect(await screen.findByText(/You have no agent/)).toBeInTheDocument();
    expect(linked).toBe(false);
  });
});
