import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { ForgotPasswordForm } from "@/features/auth/components/forgot-password-form";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

describe("ForgotPasswordForm", () => {
  it("shows the spec's message under an invalid e-mail and sends nothing", async () => {
    const posted = vi.fn();
    server.use(http.post("/api/auth/forgot-password", posted));
    const { user } = renderWithApp(<ForgotPasswordForm />);

    await user.type(screen.getByLabelText("Email"), "ama.mensah@");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));

    expect(await screen.findByLabelText("Email")).toHaveAccessibleDescription("Please enter a valid email address");
    expect(posted).not.toHaveBeenCalled();
  });

  it("says Sending... while it is sent, sends the normalised e-mail, then says a link is on its way", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.post("/api/auth/forgot-password", async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user } = renderWithApp(<ForgotPasswordForm />);

    await user.type(screen.getByLabelText("Email"), " Ama.Mensah@Example.com ");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));

    expect(await screen.findByRole("button", { name: "Sending..." })).toBeDisabled();
    expect(screen.queryByRole("status")).not.toBeInTheDocument();
    release(HttpResponse.json({ message: "ok" }));

    expect(await screen.findByRole("status")).toHaveTextContent(
      "If an account exists for that e-mail, a reset link is on its way.",
    );
    expect(body).toEqual({ email: "ama.mensah@example.com" });
    expect(screen.queryByLabelText("Email")).not.toBeInTheDocument();
  });

  it("shows the server's message when the request fails, and keeps the form to try again", async () => {
    server.use(
      http.post("/api/auth/forgot-password", () =>
        apiError(429, "Too many reset requests. Please try again in an hour."),
      ),
    );
    const { user } = renderWithApp(<ForgotPasswordForm />);

    await user.type(screen.getByLabelText("Email"), "ama.mensah@example.com");
    await user.click(screen.getByRole("button", { name: "Send reset link" }));

    expect(await screen.findByRole("alert")).toHaveTextContent("Too many reset requests. Please try again in an hour.");
    expect(screen.getByRole("button", { name: "Send reset link" })).toBeEnabled();
    expect(screen.queryByText(/a reset link is on its way/)).not.toBeInTheDocument();
  });
});
