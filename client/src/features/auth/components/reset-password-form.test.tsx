import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const TOKEN = "a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6";

function renderForm() {
  const onSuccess = vi.fn();
  const rendered = renderWithApp(<ResetPasswordForm token={TOKEN} onSuccess={onSuccess} />);
  return { ...rendered, onSuccess };
}

async function fill(user: ReturnType<typeof renderWithApp>["user"], password: string, confirmation: string) {
  await user.type(screen.getByLabelText("New password"), password);
  await user.type(screen.getByLabelText("Confirm new password"), confirmation);
  await user.click(screen.getByRole("button", { name: "Set new password" }));
}

describe("ResetPasswordForm", () => {
  it("shows the password rules and a mismatch under their fields, and sends nothing", async () => {
    const posted = vi.fn();
    server.use(http.post("/api/auth/reset-password", posted));
    const { user, onSuccess } = renderForm();

    await fill(user, "short", "other");

    expect(await screen.findByLabelText("New password")).toHaveAccessibleDescription(
      expect.stringContaining("Password must be at least 8 characters"),
    );
    expect(screen.getByLabelText("Confirm new password")).toHaveAccessibleDescription("Passwords don't match");
    expect(posted).not.toHaveBeenCalled();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("asks for an uppercase letter, a lowercase letter and a number", async () => {
    const posted = vi.fn();
    server.use(http.post("/api/auth/reset-password", posted));
    const { user } = renderForm();

    await fill(user, "alllowercase", "alllowercase");

    expect(await screen.findByLabelText("New password")).toHaveAccessibleDescription(
      expect.stringContaining(
        "Password must contain at least one uppercase letter, one lowercase letter, and one number",
      ),
    );
    expect(screen.getByLabelText("Confirm new password")).not.toHaveAccessibleDescription();
    expect(posted).not.toHaveBeenCalled();
  });

  it("says Saving... while it is sent, sends the token and the password, then reports success", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.post("/api/auth/reset-password", async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user, onSuccess } = renderForm();

    await fill(user, "Adinkra-Symbol-2027", "Adinkra-Symbol-2027");

    expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
    expect(screen.getByLabelText("New password")).toBeDisabled();
    expect(onSuccess).not.toHaveBeenCalled();
    release(HttpResponse.json({ message: "ok" }));

    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(body).toEqual({ token: TOKEN, password: "Adinkra-Symbol-2027" });
  });

  it.each([404, 409])("says an unusable link (%i) must be requested again", async (status) => {
    server.use(http.post("/api/auth/reset-password", () => apiError(status, "Token not found")));
    const { user, onSuccess } = renderForm();

    await fill(user, "Adinkra-Symbol-2027", "Adinkra-Symbol-2027");

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "This reset link is invalid or has expired. Please request a new one.",
    );
    expect(screen.queryByText("Token not found")).not.toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it("shows the server's own message for any other failure", async () => {
    server.use(
      http.post("/api/auth/reset-password", () => apiError(429, "Too many attempts. Please try again later.")),
    );
    const { user, onSuccess } = renderForm();

    await fill(user, "Adinkra-Symbol-2027", "Adinkra-Symbol-2027");

    expect(await screen.findByRole("alert")).toHaveTextContent("Too many attempts. Please try again later.");
    expect(screen.getByRole("button", { name: "Set new password" })).toBeEnabled();
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
