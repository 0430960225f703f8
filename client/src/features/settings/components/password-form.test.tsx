import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { PasswordForm } from "@/features/settings/components/password-form";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

async function fill(user: ReturnType<typeof renderWithApp>["user"], values: [string, string, string]) {
  await user.type(screen.getByLabelText("Current password"), values[0]);
  await user.type(screen.getByLabelText("New password"), values[1]);
  await user.type(screen.getByLabelText("Confirm new password"), values[2]);
  await user.click(screen.getByRole("button", { name: "Change Password" }));
}

describe("PasswordForm", () => {
  it("shows the sign-up rules and a mismatch under their fields, and sends nothing", async () => {
    const posted = vi.fn();
    server.use(http.post("/api/user/password", posted));
    const { user } = renderWithApp(<PasswordForm />);

    await fill(user, ["Kente-Cloth-2026", "weakpass", "different"]);

    expect(await screen.findByLabelText("New password")).toHaveAccessibleDescription(
      expect.stringContaining(
        "Password must contain at least one uppercase letter, one lowercase letter, and one number",
      ),
    );
    expect(screen.getByLabelText("Confirm new password")).toHaveAccessibleDescription("Passwords don't match");
    expect(posted).not.toHaveBeenCalled();
  });

  it("says Changing... while it is sent, sends the two passwords, then reports it and clears the form", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.post("/api/user/password", async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user } = renderWithApp(<PasswordForm />);

    await fill(user, ["Kente-Cloth-2026", "Adinkra-Symbol-2027", "Adinkra-Symbol-2027"]);

    expect(await screen.findByRole("button", { name: "Changing..." })).toBeDisabled();
    release(HttpResponse.json({ message: "ok" }));
    expect(await screen.findByText("Password Changed")).toBeInTheDocument();
    expect(body).toEqual({ currentPassword: "Kente-Cloth-2026", newPassword: "Adinkra-Symbol-2027" });
    expect(screen.getByLabelText("Current password")).toHaveValue("");
  });

  it("puts the server's wrong-password answer under Current password", async () => {
    server.use(
      http.post("/api/user/password", () =>
        apiError(400, "The password is not correct.", [
          { path: "currentPassword", message: "The password is not correct." },
        ]),
      ),
    );
    const { user } = renderWithApp(<PasswordForm />);

    await fill(user, ["Wrong-Pass-2026", "Adinkra-Symbol-2027", "Adinkra-Symbol-2027"]);

    expect(await screen.findByLabelText("Current password")).toHaveAccessibleDescription(
      "The password is not correct.",
    );
  });

  it("confirms the password first when the sign-in is older than 15 minutes, then changes it", async () => {
    let attempts = 0;
    const reauth = vi.fn(() => HttpResponse.json({ recentUntil: "2026-11-25T11:00:00.000Z" }));
    server.use(
      http.post("/api/user/password", () => {
        attempts += 1;
        return attempts === 1
          ? apiError(401, "Please confirm your password: exports need a sign-in or a password confirmation.")
          : HttpResponse.json({ message: "ok" });
      }),
      http.post("/api/user/reauth", reauth),
    );
    const { user } = renderWithApp(<PasswordForm />);

    await fill(user, ["Kente-Cloth-2026", "Adinkra-Symbol-2027", "Adinkra-Symbol-2027"]);

    expect(await screen.findByText("Password Changed")).toBeInTheDocument();
    expect(reauth).toHaveBeenCalledTimes(1);
    expect(attempts).toBe(2);
  });
});
