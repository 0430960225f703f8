import { describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { RequestAdminCard } from "@/features/onboarding/components/request-admin-card";
import { queryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { TEST_USER } from "@/testing/mocks/data";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const ADMIN = { ...TEST_USER, userType: "admin", roleChoice: "admin" };

describe("RequestAdminCard", () => {
  it("sends the pasted set-up token trimmed, says Requesting..., then Admin Access Granted, and a second later the user read is refreshed as admin", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    let promoted = false;
    server.use(
      http.post("/api/auth/promote-admin", async ({ request }) => {
        body = await request.json();
        return reply;
      }),
      http.get("/api/user", () => HttpResponse.json(promoted ? ADMIN : TEST_USER)),
    );
    const { user } = renderWithApp(<RequestAdminCard />);

    await user.type(screen.getByLabelText("Set-up token"), "  tok_4b1d-Zx  ");
    await user.click(screen.getByRole("button", { name: "Request Admin" }));

    expect(await screen.findByRole("button", { name: "Requesting..." })).toBeDisabled();
    promoted = true;
    release(HttpResponse.json(ADMIN));
    expect(await screen.findByText("Admin Access Granted")).toBeInTheDocument();
    expect(body).toEqual({ setupToken: "tok_4b1d-Zx" });
    // the notice is seen first; the form stays closed meanwhile
    expect(queryClient.getQueryData(queryKeys.user())).not.toMatchObject({ userType: "admin" });
    // the submit settles a render after the notice (react-hook-form ends isSubmitting once the handler returns)
    expect(await screen.findByRole("button", { name: "Request Admin" })).toBeDisabled();
    await waitFor(() => expect(queryClient.getQueryData(queryKeys.user())).toMatchObject({ userType: "admin" }));
  });

  it("asks without a token when the field is left empty", async () => {
    const posted = vi.fn((_body: unknown) => apiError(403, "You are not eligible for admin privileges."));
    server.use(http.post("/api/auth/promote-admin", async ({ request }) => posted(await request.json())));
    const { user } = renderWithApp(<RequestAdminCard />);

    await user.click(screen.getByRole("button", { name: "Request Admin" }));

    expect(await screen.findByText("Admin Promotion Failed")).toBeInTheDocument();
    expect(posted).toHaveBeenCalledWith({});
  });

  it("shows the server's refusal under Admin Promotion Failed and lets the user try again", async () => {
    server.use(http.post("/api/auth/promote-admin", () => apiError(403, "You are not eligible for admin privileges.")));
    const { user } = renderWithApp(<RequestAdminCard />);

    await user.type(screen.getByLabelText("Set-up token"), "wrong-token");
    await user.click(screen.getByRole("button", { name: "Request Admin" }));

    expect(await screen.findByText("Admin Promotion Failed")).toBeInTheDocument();
    expect(screen.getByText("You are not eligible for admin privileges.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Request Admin" })).toBeEnabled();
    expect(screen.getByLabelText("Set-up token")).toHaveValue("wrong-token");
  });

  it("passes on the rate limit's own message", async () => {
    server.use(
      http.post("/api/auth/promote-admin", () => apiError(429, "Too many attempts. Please wait and try again later.")),
    );
    const { user } = renderWithApp(<RequestAdminCard />);

    await user.click(screen.getByRole("button", { name: "Request Admin" }));

    expect(await screen.findByText("Too many attempts. Please wait and try again later.")).toBeInTheDocument();
  });

  it("falls back to the spec's text when the refusal has no message", async () => {
    server.use(http.post("/api/auth/promote-admin", () => HttpResponse.json({}, { status: 403 })));
    const { user } = renderWithApp(<RequestAdminCard />);

    await user.click(screen.getByRole("button", { name: "Request Admin" }));

    expect(await screen.findByText("Admin Promotion Failed")).toBeInTheDocument();
    expect(screen.getByText("You are not eligible for admin privileges.")).toBeInTheDocument();
  });
});
