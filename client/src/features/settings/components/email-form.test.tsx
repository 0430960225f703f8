import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { ACCOUNT_MESSAGES } from "@shared/validators/account";
import { REAUTH_REQUIRED_MESSAGE } from "@shared/validators/auth";
import { EmailForm } from "@/features/settings/components/email-form";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const noPendingChange = http.get("/api/user/email", () => HttpResponse.json({ pending: null }));

async function fill(user: ReturnType<typeof renderWithApp>["user"], newEmail: string, password: string) {
  await user.type(screen.getByLabelText("New e-mail address"), newEmail);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Change E-mail" }));
}

describe("EmailForm", () => {
  it("shows the rules under an invalid address and an empty password, and sends nothing", async () => {
    const posted = vi.fn();
    server.use(noPendingChange, http.post("/api/user/email", posted));
    const { user } = renderWithApp(<EmailForm currentEmail="ama.mensah@example.com" />);

    expect(screen.getByText("ama.mensah@example.com")).toBeInTheDocument();
    await user.type(screen.getByLabelText("New e-mail address"), "not-an-address");
    await user.click(screen.getByRole("button", { name: "Change E-mail" }));

    expect(await screen.findByLabelText("New e-mail address")).toHaveAccessibleDescription(
      "Please enter a valid email address",
    );
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription("Enter your current password");
    expect(posted).not.toHaveBeenCalled();
  });

  it("says Sending... while it is sent, sends the normalised address, then says to check it and shows the wait", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    let requested = false;
    server.use(
      http.get("/api/user/email", () =>
        HttpResponse.json({
          pending: requested ? { newEmail: "kofi.boateng@example.com", expiresAt: "2026-11-28T10:00:00.000Z" } : null,
        }),
      ),
      http.post("/api/user/email", async ({ request }) => {
        body = await request.json();
        requested = true;
        return reply;
      }),
    );
    const { user } = renderWithApp(<EmailForm currentEmail="ama.mensah@example.com" />);

    await fill(user, "  Kofi.Boateng@Example.com ", "Kente-Cloth-2026");

    expect(await screen.findByRole("button", { name: "Sending..." })).toBeDisabled();
    expect(screen.getByLabelText("Password")).toBeDisabled();
    release(HttpResponse.json({ message: "ok" }));

    expect(await screen.findByText("Check your new address")).toBeInTheDocument();
    expect(screen.getByText("Open the link we sent to confirm the change.")).toBeInTheDocument();
    expect(body).toEqual({ newEmail: "kofi.boateng@example.com", password: "Kente-Cloth-2026" });
    expect(await screen.findByText(/Waiting for confirmation from kofi\.boateng@example\.com/)).toHaveRole("status");
    expect(screen.getByLabelText("New e-mail address")).toHaveValue("");
    expect(screen.getByLabelText("Password")).toHaveValue("");
  });

  it("puts the server's field error under the new address", async () => {
    server.use(
      noPendingChange,
      http.post("/api/user/email", () =>
        apiError(400, "Validation failed", [{ path: "newEmail", message: ACCOUNT_MESSAGES.sameEmail }]),
      ),
    );
    const { user } = renderWithApp(<EmailForm currentEmail="ama.mensah@example.com" />);

    await fill(user, "ama.mensah@example.com", "Kente-Cloth-2026");

    expect(await screen.findByLabelText("New e-mail address")).toHaveAccessibleDescription(
      "This is already your e-mail address.",
    );
    expect(screen.getByLabelText("Password")).not.toHaveAccessibleDescription();
    // not reset: what was typed stays to be corrected
    expect(screen.getByLabelText("New e-mail address")).toHaveValue("ama.mensah@example.com");
  });

  it("confirms an old sign-in with the typed password and puts a wrong one under Password", async () => {
    const reauth = vi.fn<(body: unknown) => void>();
    server.use(
      noPendingChange,
      http.post("/api/user/email", () => apiError(401, REAUTH_REQUIRED_MESSAGE)),
      http.post("/api/user/reauth", async ({ request }) => {
        reauth(await request.json());
        return apiError(401, ACCOUNT_MESSAGES.wrongPassword);
      }),
    );
    const { user } = renderWithApp(<EmailForm currentEmail="ama.mensah@example.com" />);

    await fill(user, "kofi.boateng@example.com", "Wrong-Pass-2026");

    expect(await screen.findByLabelText("Password")).toHaveAccessibleDescription("The password is not correct.");
    expect(reauth).toHaveBeenCalledExactlyOnceWith({ password: "Wrong-Pass-2026" });
    expect(screen.getByLabelText("New e-mail address")).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText("New e-mail address")).toHaveValue("kofi.boateng@example.com");
  });
});
