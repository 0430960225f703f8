import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { REAUTH_REQUIRED_MESSAGE } from "@shared/validators/auth";
import { TWO_FACTOR_MESSAGES } from "@shared/validators/two-factor";
import { DisableTwoFactorDialog } from "@/features/settings/components/disable-two-factor-dialog";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

async function fill(user: ReturnType<typeof renderWithApp>["user"], password: string, code: string) {
  if (password) await user.type(screen.getByLabelText("Password"), password);
  if (code) await user.type(screen.getByLabelText("Code from the app or a recovery code"), code);
  await user.click(screen.getByRole("button", { name: "Turn Off" }));
}

describe("DisableTwoFactorDialog", () => {
  it("needs the password and a code of the right shape, and sends nothing without them", async () => {
    const posted = vi.fn();
    server.use(http.post("/api/2fa/disable", posted));
    const { user } = renderWithApp(<DisableTwoFactorDialog open onOpenChange={() => {}} />);

    await fill(user, "", "12");

    expect(await screen.findByLabelText("Password")).toHaveAccessibleDescription(TWO_FACTOR_MESSAGES.password);
    expect(screen.getByLabelText("Code from the app or a recovery code")).toHaveAccessibleDescription(
      TWO_FACTOR_MESSAGES.code,
    );
    expect(posted).not.toHaveBeenCalled();
  });

  it("says Turning off... while it runs, sends the password and the code as typed, then closes", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.post("/api/2fa/disable", async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const onOpenChange = vi.fn();
    const { user } = renderWithApp(<DisableTwoFactorDialog open onOpenChange={onOpenChange} />);

    await fill(user, "Kente-Cloth-2026", "abcde-fghij");

    expect(await screen.findByRole("button", { name: "Turning off..." })).toBeDisabled();
    release(HttpResponse.json({ message: "Two-factor sign-in is off." }));
    expect(await screen.findByText("Two-factor sign-in is off")).toBeInTheDocument();
    expect(body).toEqual({ password: "Kente-Cloth-2026", code: "abcde-fghij" });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("puts a wrong code's answer under the code field", async () => {
    server.use(
      http.post("/api/2fa/disable", () =>
        apiError(400, TWO_FACTOR_MESSAGES.wrongCode, [{ path: "code", message: TWO_FACTOR_MESSAGES.wrongCode }]),
      ),
    );
    const { user } = renderWithApp(<DisableTwoFactorDialog open onOpenChange={() => {}} />);

    await fill(user, "Kente-Cloth-2026", "123456");

    expect(await screen.findByLabelText("Code from the app or a recovery code")).toHaveAccessibleDescription(
      TWO_FACTOR_MESSAGES.wrongCode,
    );
  });

  it("confirms the password first when the sign-in is older than 15 minutes, then turns it off", async () => {
    let attempts = 0;
    const reauth = vi.fn(() => HttpResponse.json({ recentUntil: "2026-11-25T11:00:00.000Z" }));
    server.use(
      http.post("/api/2fa/disable", () => {
        attempts += 1;
        return attempts === 1 ? apiError(401, REAUTH_REQUIRED_MESSAGE) : HttpResponse.json({ message: "off" });
      }),
      http.post("/api/user/reauth", reauth),
    );
    const { user } = renderWithApp(<DisableTwoFactorDialog open onOpenChange={() => {}} />);

    await fill(user, "Kente-Cloth-2026", "123456");

    expect(await screen.findByText("Two-factor sign-in is off")).toBeInTheDocument();
    expect(reauth).toHaveBeenCalledTimes(1);
    expect(attempts).toBe(2);
  });
});
