import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { CreateProfileDialog } from "@/features/agents/components/create-profile-dialog";
import { InviteClientDialog } from "@/features/agents/components/invite-client-dialog";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

describe("CreateProfileDialog", () => {
  it("requires the business name, then sends the form and closes", async () => {
    let sent: unknown;
    server.use(
      http.post("/api/agent/profile", async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ id: 1, businessName: "Mensah Legal" }, { status: 201 });
      }),
    );
    const onOpenChange = vi.fn();
    const { user } = renderWithApp(<CreateProfileDialog open onOpenChange={onOpenChange} />);
    await user.click(screen.getByRole("button", { name: "Create Profile" }));
    expect(await screen.findByText("Business name is required")).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.type(screen.getByLabelText("Business name"), "Mensah Legal");
    await user.type(screen.getByLabelText("Website"), "ftp://nope");
    await user.click(screen.getByRole("button", { name: "Create Profile" }));
    expect(await screen.findByText("Valid website URL is required")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Website"));
    await user.click(screen.getByRole("button", { name: "Create Profile" }));
    await vi.waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    expect(sent).toMatchObject({ businessName: "Mensah Legal" });
  });

  it("shows the spec's failure message when the server refuses", async () => {
    server.use(http.post("/api/agent/profile", () => apiError(500, "boom")));
    const { user } = renderWithApp(<CreateProfileDialog open onOpenChange={vi.fn()} />);
    await user.type(screen.getByLabelText("Business name"), "Mensah Legal");
    await user.click(screen.getByRole("button", { name: "Create Profile" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to create agent profile.");
  });
});

describe("InviteClientDialog", () => {
  it("checks the e-mail, sends the invitation and shows the link once", async () => {
    let sent: unknown;
    server.use(
      http.post("/api/agent/invitations", async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          { id: 3, email: "abena@example.com", status: "pending", inviteUrl: "http://localhost/invitation/abc" },
          { status: 201 },
        );
      }),
    );
    const { user } = renderWithApp(<InviteClientDialog open onOpenChange={vi.fn()} />);
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(sent).toBeUndefined();
    await user.clear(screen.getByLabelText("Email"));
    await user.type(screen.getByLabelText("Email"), "abena@example.com");
    await user.type(screen.getByLabelText("First name (optional)"), "Abena");
    await user.click(screen.getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByText("http://localhost/invitation/abc")).toBeInTheDocument();
    expect(sent).toMatchObject({ email: "abena@example.com", firstName: "Abena" });
  });

  it("says why the server refused (no profile, plan) and otherwise the spec's message", async () => {
    server.use(
      http.post("/api/agent/invitations", () => apiError(403, "Upgrade your plan to use the agent dashboard")),
    );
    const { user } = renderWithApp(<InviteClientDialog open onOpenChange={vi.fn()} />);
    await user.type(screen.getByLabelText("Email"), "abena@example.com");
    await user.click(screen.getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Upgrade your plan to use the agent dashboard");
    server.use(http.post("/api/agent/invitations", () => apiError(500, "boom")));
    await user.click(screen.getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByText("Failed to send invitation.")).toBeInTheDocument();
  });
});
