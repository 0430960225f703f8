import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { LocationDialog } from "@/features/wills/components/execution/location-dialog";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const URL = "/api/digital-wills/7/execution/location";

describe("LocationDialog", () => {
  it("requires a place, sending nothing, and forgets the typing when closed", async () => {
    const put = vi.fn();
    server.use(http.post(URL, put));
    const { user } = renderWithApp(<LocationDialog willId={7} current={null} />);

    await user.click(screen.getByRole("button", { name: "Say Where It Is Kept" }));
    await user.click(screen.getByRole("button", { name: "Save Location" }));

    expect(await screen.findByLabelText("Kept at")).toHaveAccessibleDescription(
      "Say where the signed original is kept",
    );
    expect(put).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText("Kept at"), "Half typed");
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("button", { name: "Say Where It Is Kept" }));
    expect(screen.getByLabelText("Kept at")).toHaveValue("");
  });

  it("says Saving... while the place is sent, then reports it and closes", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.post(URL, async ({ request }) => {
        body = await request.json();
        return reply;
      }),
      http.get("/api/will-executions/current", () => HttpResponse.json(null)),
    );
    const { user } = renderWithApp(<LocationDialog willId={7} current="At home" />);

    await user.click(screen.getByRole("button", { name: "Change Where It Is Kept" }));
    await user.clear(screen.getByLabelText("Kept at"));
    await user.type(screen.getByLabelText("Kept at"), "With my lawyer at Ɛsi & Co., Accra");
    await user.click(screen.getByRole("button", { name: "Save Location" }));

    expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
    release(HttpResponse.json({ willId: 7, originalLocation: "With my lawyer at Ɛsi & Co., Accra" }));
    expect(await screen.findByText("Location Saved")).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(body).toEqual({ originalLocation: "With my lawyer at Ɛsi & Co., Accra" });
  });

  it("keeps the dialog open and names the failure", async () => {
    server.use(http.post(URL, () => apiError(404, "Not found")));
    const { user } = renderWithApp(<LocationDialog willId={7} current="At home" />);

    await user.click(screen.getByRole("button", { name: "Change Where It Is Kept" }));
    await user.click(screen.getByRole("button", { name: "Save Location" }));

    expect(await screen.findByText("Failed to Save Location")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});
