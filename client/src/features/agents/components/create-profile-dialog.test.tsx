import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { AGENT_MESSAGES } from "@shared/validators/agents";
import { CreateProfileDialog } from "@/features/agents/components/create-profile-dialog";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const URL = "/api/agent/profile";

function renderDialog() {
  const onOpenChange = vi.fn();
  return { ...renderWithApp(<CreateProfileDialog open onOpenChange={onOpenChange} />), onOpenChange };
}

describe("CreateProfileDialog", () => {
  it("requires the business name and a web address only when one is given, sending nothing until then", async () => {
    const posted = vi.fn();
    server.use(http.post(URL, posted));
    const { user } = renderDialog();
    await user.click(screen.getByRole("button", { name: "Create Profile" }));
    expect(await screen.findByLabelText("Business name")).toHaveAccessibleDescription(AGENT_MESSAGES.quickBusinessName);
    await user.type(screen.getByLabelText("Business name"), "Mensah Legal");
    await user.type(screen.getByLabelText("Website"), "ftp://nope");
    await user.click(screen.getByRole("button", { name: "Create Profile" }));
    expect(await screen.findByLabelText("Website")).toHaveAccessibleDescription(AGENT_MESSAGES.website);
    expect(posted).not.toHaveBeenCalled();
  });

  it("says Creating... while it is sent, then reports the profile and closes", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.post(URL, async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText("Business name"), "Mensah Legal");
    await user.type(screen.getByLabelText("Business phone"), "+233 24 123 4567");
    await user.click(screen.getByRole("button", { name: "Create Profile" }));

    expect(await screen.findByRole("button", { name: "Creating..." })).toBeDisabled();
    expect(screen.getByLabelText("Business name")).toBeDisabled();
    release(HttpResponse.json({ id: 1, businessName: "Mensah Legal" }, { status: 201 }));
    expect(await screen.findByText("Profile Created")).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(body).toMatchObject({ businessName: "Mensah Legal", businessPhone: "+233 24 123 4567" });
  });

  it("puts the server's field messages on their fields, and otherwise shows the spec's failure message", async () => {
    server.use(
      http.post(URL, () =>
        apiError(400, "Validation failed", [{ path: "businessPhone", message: AGENT_MESSAGES.businessPhone }]),
      ),
    );
    const { user, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText("Business name"), "Mensah Legal");
    await user.type(screen.getByLabelText("Business phone"), "12");
    await user.click(screen.getByRole("button", { name: "Create Profile" }));
    expect(await screen.findByLabelText("Business phone")).toHaveAccessibleDescription(AGENT_MESSAGES.businessPhone);

    server.use(http.post(URL, () => apiError(500, "boom")));
    await user.click(screen.getByRole("button", { name: "Create Profile" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(AGENT_MESSAGES.profileFailed);
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("forgets what was typed when cancelled", async () => {
    const { user, onOpenChange } = renderDialog();
    await user.type(screen.getByLabelText("Business name"), "Half typed");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // the parent keeps it open here: what shows is what a reopened dialog would start from
    expect(screen.getByLabelText("Business name")).toHaveValue("");
  });
});
