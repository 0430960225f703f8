import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { WillExecutionDto } from "@shared/api-types";
import { EXECUTION_MESSAGES } from "@shared/validators/will-executions";
import { ExecutionForm } from "@/features/wills/components/execution/execution-form";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const URL = "/api/digital-wills/7/execution";

const RECORD: WillExecutionDto = {
  id: 7,
  willId: 7,
  version: 2,
  status: "draft",
  testatorName: "Kwabena Ɔsɛi",
  testatorAddress: "7 Adum Road, Kumasi",
  place: "Kumasi",
  signedOn: null,
  originalLocation: null,
  witnesses: [{ fullName: "Ama Ɔwusu", address: "Accra", occupation: "Teacher" }],
  scan: null,
  executedAt: null,
  updatedAt: "2026-11-26T10:00:00.000Z",
  warnings: [],
};

describe("ExecutionForm", () => {
  it("shows the messages for a missing address and place and a half-filled witness, and sends nothing", async () => {
    const put = vi.fn();
    server.use(http.put(URL, put));
    const { user } = renderWithApp(<ExecutionForm willId={7} record={null} testatorName="Kwabena Ɔsɛi" />);

    expect(screen.getByLabelText("Your full name")).toHaveValue("Kwabena Ɔsɛi");
    await user.type(screen.getByLabelText("Witness 1 full name"), "Ama Ɔwusu");
    await user.click(screen.getByRole("button", { name: "Save Execution Details" }));

    expect(await screen.findByLabelText("Your address")).toHaveAccessibleDescription(
      EXECUTION_MESSAGES.testatorAddress,
    );
    expect(screen.getByLabelText("Place of signing")).toHaveAccessibleDescription(EXECUTION_MESSAGES.place);
    expect(screen.getByLabelText("Witness 1 address")).toHaveAccessibleDescription(EXECUTION_MESSAGES.witnessAddress);
    expect(screen.getByLabelText("Witness 1 occupation")).toHaveAccessibleDescription(
      EXECUTION_MESSAGES.witnessOccupation,
    );
    expect(put).not.toHaveBeenCalled();
  });

  it("says Saving... while the details are sent, drops the empty witness slot and reports the save", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.put(URL, async ({ request }) => {
        body = await request.json();
        return reply;
      }),
      http.get("/api/will-executions/current", () => HttpResponse.json(null)),
    );
    const { user } = renderWithApp(<ExecutionForm willId={7} record={RECORD} testatorName="ignored" />);

    await user.type(screen.getByLabelText("Date of signing (optional)"), "2026-12-01");
    await user.click(screen.getByRole("button", { name: "Save Execution Details" }));

    expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
    release(HttpResponse.json({ ...RECORD, signedOn: "2026-12-01" }));
    expect(await screen.findByText("Execution Details Saved")).toBeInTheDocument();
    expect(body).toEqual({
      testatorName: "Kwabena Ɔsɛi",
      testatorAddress: "7 Adum Road, Kumasi",
      place: "Kumasi",
      signedOn: "2026-12-01",
      witnesses: [{ fullName: "Ama Ɔwusu", address: "Accra", occupation: "Teacher" }],
    });
  });

  it("puts the server's field message under its field and names a refusal", async () => {
    server.use(
      http.put(URL, () =>
        apiError(400, "Invalid input", [{ path: "place", message: "Must be at most 200 characters" }]),
      ),
    );
    const { user } = renderWithApp(<ExecutionForm willId={7} record={RECORD} testatorName="" />);

    await user.click(screen.getByRole("button", { name: "Save Execution Details" }));

    expect(await screen.findByLabelText("Place of signing")).toHaveAccessibleDescription(
      "Must be at most 200 characters",
    );
    expect(screen.getByText("Failed to Save Execution Details")).toBeInTheDocument();
    expect(screen.getByText("400: Invalid input")).toBeInTheDocument();
  });
});
