import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { WillDto } from "@shared/api-types";
import { WillForm } from "@/features/wills/components/will-form";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const CURRENT: WillDto = {
  id: 2,
  title: "My will",
  content: "I leave my kente cloth to my sister.",
  isActive: true,
  version: 2,
  createdAt: "2026-11-25T10:00:00.000Z",
  updatedAt: "2026-11-25T10:00:00.000Z",
};

describe("WillForm", () => {
  it("shows the spec's messages for an empty title and a too-short content, and sends nothing", async () => {
    const posted = vi.fn();
    server.use(http.post("/api/digital-wills", posted));
    const { user } = renderWithApp(<WillForm current={null} />);

    await user.type(screen.getByLabelText("Content"), "Too short");
    await user.click(screen.getByRole("button", { name: "Save & Activate Will" }));

    expect(await screen.findByLabelText("Title")).toHaveAccessibleDescription("Title is required");
    expect(screen.getByLabelText("Content")).toHaveAccessibleDescription(
      expect.stringContaining("Content must be at least 10 characters"),
    );
    expect(posted).not.toHaveBeenCalled();
  });

  it("says Saving... while the new version is sent, then reports it", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.post("/api/digital-wills", async ({ request }) => {
        body = await request.json();
        return reply;
      }),
      http.get("/api/digital-wills", () => HttpResponse.json([CURRENT])),
      http.get("/api/digital-wills/active", () => HttpResponse.json(CURRENT)),
    );
    const { user } = renderWithApp(<WillForm current={CURRENT} />);
    expect(screen.getByRole("heading", { name: "Update Your Will" })).toBeInTheDocument();

    await user.type(screen.getByLabelText("Content"), " And my books to my brother.");
    await user.click(screen.getByRole("button", { name: "Save & Activate Will" }));

    expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
    release(HttpResponse.json({ ...CURRENT, id: 3, version: 3 }, { status: 201 }));
    expect(await screen.findByText("Digital Will Saved")).toBeInTheDocument();
    expect(body).toEqual({
      title: "My will",
      content: "I leave my kente cloth to my sister. And my books to my brother.",
    });
  });

  it("puts the server's field message under its field and names the failure", async () => {
    server.use(
      http.post("/api/digital-wills", () =>
        apiError(400, "Invalid input", [{ path: "title", message: "Title must be at most 200 characters" }]),
      ),
    );
    const { user } = renderWithApp(<WillForm current={CURRENT} />);

    await user.click(screen.getByRole("button", { name: "Save & Activate Will" }));

    expect(await screen.findByLabelText("Title")).toHaveAccessibleDescription("Title must be at most 200 characters");
    expect(screen.getByText("Failed to Save Digital Will")).toBeInTheDocument();
    expect(screen.getByText("400: Invalid input")).toBeInTheDocument();
  });
});
