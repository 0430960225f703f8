import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { WillDto, WillExecutionDto } from "@shared/api-types";
import { ExecutedWillCard } from "@/features/wills/components/execution/executed-will-card";
import { server } from "@/testing/mocks/server";
import { renderWithApp } from "@/testing/test-utils";

const will = (id: number, version: number, content: string, isActive: boolean): WillDto => ({
  id,
  title: "My will",
  content,
  isActive,
  version,
  createdAt: "2026-11-25T10:00:00.000Z",
  updatedAt: "2026-11-25T10:00:00.000Z",
});

const EXECUTED: WillExecutionDto = {
  id: 1,
  willId: 1,
  version: 1,
  status: "executed",
  testatorName: "Kwabena Ɔsɛi",
  testatorAddress: "Kumasi",
  place: "Kumasi",
  signedOn: "2026-12-01",
  originalLocation: null,
  witnesses: [
    { fullName: "Ama Ɔwusu", address: "Accra", occupation: "Teacher" },
    { fullName: "Yaw Ŋkrumah", address: "Osu", occupation: "Pharmacist" },
  ],
  scan: { fileName: "signed-will.pdf", mimeType: "application/pdf", fileSize: 4096 },
  executedAt: "2026-12-02T10:00:00.000Z",
  updatedAt: "2026-12-02T10:00:00.000Z",
  warnings: [],
};

describe("ExecutedWillCard", () => {
  it("invites the owner to sign when no will is executed", async () => {
    server.use(
      http.get("/api/will-executions/current", () => HttpResponse.json(null)),
      http.get("/api/digital-wills", () => HttpResponse.json([])),
    );
    renderWithApp(<ExecutedWillCard />);
    expect(await screen.findByText("Not signed yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Prepare Your Will for Signing" })).toHaveAttribute(
      "href",
      "/digital-will/sign",
    );
  });

  it("shows the signed version, its witnesses, the scan, and what changed since it was signed", async () => {
    server.use(
      http.get("/api/will-executions/current", () => HttpResponse.json(EXECUTED)),
      http.get("/api/digital-wills", () =>
        HttpResponse.json([
          will(2, 2, "My house to Ɛsi.\nMy farm to Kofi.", true),
          will(1, 1, "My house to Ɛsi.\nMy books to the library.", false),
        ]),
      ),
    );
    renderWithApp(<ExecutedWillCard />);

    expect(await screen.findByRole("heading", { name: "Signed will: version 1" })).toBeInTheDocument();
    expect(screen.getByText("Executed")).toBeInTheDocument();
    expect(screen.getByText(/Witnesses: Ama Ɔwusu and Yaw Ŋkrumah/)).toBeInTheDocument();
    expect(screen.getByText("not recorded yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Download Signed Pages" })).toHaveAttribute(
      "href",
      "/api/digital-wills/1/execution/scan",
    );
    const diff = await screen.findByRole("list", { name: "Changes from the signed version 1 to the current will" });
    expect(diff).toHaveTextContent("Removed: My books to the library.");
    expect(diff).toHaveTextContent("Added: My farm to Kofi.");
  });
});
