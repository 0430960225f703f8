import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { AGENT_MESSAGES } from "@shared/validators/agents";
import { InviteClientDialog } from "@/features/agents/components/invite-client-dialog";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const URL = "/api/agent/invitations";
const CREATED = { id: 3, email: "abena@example.com", status: "pending", inviteUrl: "http://localhost/invitation/abc" };

function renderDialog() {
  const onOpenChange = vi.fn();
  return { ...renderWithApp(<InviteClientDialog open onOpenChange={onOpenChange} />), onOpenChange };
}

describe("InviteClientDialog", () => {
  it("checks the e-mail with the spec's message and sends nothing", async () => {
    const posted = vi.fn();
    server.use(http.post(URL, posted));
    const { user } = renderDialog();
    await user.click(screen.getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByLabelText("Email")).toHaveAccessibleDescription(AGENT_MESSAGES.inviteEmail);
    await user.type(screen.getByLabelText("Email"), "not-an-email");
    await user.click(screen.getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByLabelText("Email")).toHaveAccessibleDescription(AGENT_MESSAGES.inviteEmail);
    expect(posted).not.toHaveBeenCalled();
  });

  it("says Sending... while it is sent, then reports it and shows the link once", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.post(URL, async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText("Email"), "abena@example.com");
    await user.type(screen.getByLabelText("First name (optional)"), "Abena");
    await user.click(screen.getByRole("button", { name: "Send Invitation" }));

    expect(await screen.findByRole("button", { name: "Sending..." })).toBeDisabled();
    release(HttpResponse.json(CREATED, { status: 201 }));
    expect(await screen.findByText("http://localhost/invitation/abc")).toBeInTheDocument();
    expect(screen.getByText("Invitation Sent")).toBeInTheDocument();
    expect(body).toMatchObject({ email: "abena@example.com", firstName: "Abena" });
    expect(onOpenChange).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Invite another client" }));
    expect(screen.queryByText("http://localhost/invitation/abc")).toBeNull();
    expect(screen.getByLabelText("Email")).toHaveValue("");
  });

  it("puts the server's field message on the e-mail, says a plan refusal as the server does, else the spec's", async () => {
    server.use(
      http.post(URL, () =>
        apiError(400, "This person is already your client", [
          { path: "email", message: "This person is already your client" },
        ]),
      ),
    );
    const { user } = renderDialog();
    await user.type(screen.getByLabelText("Email"), "abena@example.com");
    await user.click(screen.getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByLabelText("Email")).toHaveAccessibleDescription("This person is already your client");

    server.use(http.post(URL, () => apiError(403, "Upgrade your plan to use the agent dashboard")));
    await user.click(screen.getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Upgrade your plan to use the agent dashboard");

    server.use(http.post(URL, () => apiError(500, "boom")));
    await user.click(screen.getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByText(AGENT_MESSAGES.inviteFailed)).toBeInTheDocument();
  });

  it("forgets the link and the typing when closed", async () => {
    server.use(http.post(URL, () => HttpResponse.json(CREATED, { status: 201 })));
    const { user, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText("Email"), "abena@example.com");
    await user.click(screen.getByRole("button", { name: "Send Invitation" }));
    expect(await screen.findByText("http://localhost/invitation/abc")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Close" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // the parent keeps it open here: what shows is what a reopened dialog would start from
    expect(screen.queryByText("http://localhost/invitation/abc")).toBeNull();
    expect(screen.getByLabelText("Email")).toHaveValue("");
  });
});
