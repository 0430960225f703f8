import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { CheckInByLink } from "@/features/check-in/components/check-in-by-link";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

describe("CheckInByLink", () => {
  it("posts nothing on opening, and checks in once the button is pressed", async () => {
    const posted = vi.fn(() =>
      HttpResponse.json({ checkedInAt: "2026-11-25T10:00:00.000Z", message: "Thank you — counting again from now." }),
    );
    server.use(http.post("/api/check-in/:token", posted));
    const { user } = renderWithApp(<CheckInByLink token="tok-123" />);
    expect(posted).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "I'm still here" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Thank you — counting again from now.");
    expect(posted).toHaveBeenCalledTimes(1);
  });

  it("says a used link has been used and an unknown one is invalid", async () => {
    server.use(http.post("/api/check-in/:token", () => apiError(409, "used")));
    const { user } = renderWithApp(<CheckInByLink token="used" />);
    await user.click(screen.getByRole("button", { name: "I'm still here" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("already been used");
  });
});
