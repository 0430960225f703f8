import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import type { ReleasedExecutionDto } from "@shared/release-api";
import { ReleasedSignedWills } from "@/features/releases/components/released-signed-wills";
import { renderWithApp } from "@/testing/test-utils";

const SIGNED: ReleasedExecutionDto = {
  scanFileId: 3,
  version: 2,
  status: "executed",
  testatorName: "Kwabena Ɔsɛi",
  place: "Kumasi",
  signedOn: "2026-12-01",
  executedAt: "2026-12-02T10:00:00.000Z",
  originalLocation: "With my lawyer at Ɛsi & Co., Accra",
  witnesses: [{ fullName: "Ama Ɔwusu", address: "Accra", occupation: "Teacher" }],
};

describe("ReleasedSignedWills", () => {
  it("tells the beneficiary who signed, before whom, and where the original is kept", () => {
    renderWithApp(<ReleasedSignedWills wills={[SIGNED, { ...SIGNED, scanFileId: 4, status: "superseded" }]} />);

    expect(screen.getByRole("heading", { name: "Signed will" })).toBeInTheDocument();
    expect(screen.getByText("Version 2 of the will of Kwabena Ɔsɛi")).toBeInTheDocument();
    expect(screen.getByText(/replaced by a later signed will/)).toBeInTheDocument();
    expect(screen.getAllByText("Witnesses: Ama Ɔwusu (Teacher, Accra).")).toHaveLength(2);
    expect(screen.getAllByText("With my lawyer at Ɛsi & Co., Accra")).toHaveLength(2);
  });
});
