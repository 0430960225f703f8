import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { DistributionPreviewDto, EstateDistributionDto } from "@shared/api-types";
import { DEFAULT_ESTATE_DISTRIBUTION } from "@shared/validators/estate-distribution";
import { DistributionTab } from "@/features/estate-distribution/components/distribution-tab";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const SETTINGS = "/api/estate-distribution";
const PREVIEW = "/api/estate-distribution/preview";
const DEFAULTS: EstateDistributionDto = {
  ...DEFAULT_ESTATE_DISTRIBUTION,
  status: "pending",
  executionDate: null,
  completedAt: null,
  savedAt: null,
};
const PREVIEW_BODY: DistributionPreviewDto = {
  stages: [
    {
      timing: "immediate",
      afterDays: 0,
      kinds: [
        { kind: "digital_files", count: 3 },
        { kind: "digital_content", count: 0 },
        { kind: "personal_documents", count: 1 },
      ],
    },
    { timing: "legal_review", afterDays: null, kinds: [{ kind: "physical_assets", count: 2 }] },
  ],
  excluded: [{ kind: "financial_assets", count: 4 }],
};

describe("DistributionTab", () => {
  it("shows the owner's real timeline and the defaults in the settings form", async () => {
    server.use(
      http.get(SETTINGS, () => HttpResponse.json(DEFAULTS)),
      http.get(PREVIEW, () => HttpResponse.json(PREVIEW_BODY)),
    );
    renderWithApp(<DistributionTab />);
    const timeline = await screen.findByRole("list", { name: "Distribution timeline" });
    const steps = within(timeline)
      .getAllByRole("listitem")
      .filter((li) => li.parentElement === timeline);
    expect(steps[0]).toHaveTextContent("At once");
    expect(steps[0]).toHaveTextContent("Digital Files: 3 assets");
    expect(steps[1]).toHaveTextContent("After a legal review");
    expect(steps[1]).toHaveTextContent("Physical Assets: 2 assets");
    expect(screen.getByText(/Not distributed: Financial Assets \(4 assets\)/)).toBeInTheDocument();
    expect(await screen.findByLabelText("Waiting period (days)")).toHaveValue(30);
    expect(screen.getByLabelText("Physical Assets: when")).toHaveValue("legal_review");
    expect(screen.getByLabelText("Include financial assets")).not.toBeChecked();
    expect(screen.getByText(/These are the default settings/)).toBeInTheDocument();
  });

  it("shows the waiting period's message at its bounds and sends nothing", async () => {
    const put = vi.fn();
    server.use(
      http.get(SETTINGS, () => HttpResponse.json(DEFAULTS)),
      http.get(PREVIEW, () => HttpResponse.json(PREVIEW_BODY)),
      http.put(SETTINGS, put),
    );
    const { user } = renderWithApp(<DistributionTab />);
    const days = await screen.findByLabelText("Waiting period (days)");
    for (const bad of ["0", "366", ""]) {
      await user.clear(days);
      if (bad) await user.type(days, bad);
      await user.click(screen.getByRole("button", { name: "Save Settings" }));
      expect(await screen.findByLabelText("Waiting period (days)")).toHaveAccessibleDescription(
        /Waiting period must be a whole number of days from 1 to 365/,
      );
    }
    expect(put).not.toHaveBeenCalled();
  });

  it("saves the settings, locked while in flight, and reads the timeline again", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    let previews = 0;
    server.use(
      http.get(SETTINGS, () => HttpResponse.json(DEFAULTS)),
      http.get(PREVIEW, () => {
        previews++;
        return HttpResponse.json(PREVIEW_BODY);
      }),
      http.put(SETTINGS, async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user } = renderWithApp(<DistributionTab />);
    const days = await screen.findByLabelText("Waiting period (days)");
    await user.clear(days);
    await user.type(days, "45");
    await user.click(screen.getByLabelText("Include financial assets"));
    await user.selectOptions(screen.getByLabelText("Financial Assets: when"), "legal_review");
    await user.click(screen.getByRole("button", { name: "Save Settings" }));

    expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
    expect(screen.getByLabelText("Waiting period (days)")).toBeDisabled();
    release(HttpResponse.json({ ...DEFAULTS, waitingPeriodDays: 45, savedAt: "2026-11-27T10:00:00.000Z" }));
    expect(await screen.findAllByText("Distribution settings saved")).not.toHaveLength(0);
    expect(body).toEqual({
      ...DEFAULT_ESTATE_DISTRIBUTION,
      waitingPeriodDays: 45,
      includeFinancialAssets: true,
      categoryTimings: { ...DEFAULT_ESTATE_DISTRIBUTION.categoryTimings, financial_assets: "legal_review" },
    });
    await vi.waitFor(() => expect(previews).toBe(2));
  });

  it("puts the server's field message under its field and says the save failed", async () => {
    server.use(
      http.get(SETTINGS, () => HttpResponse.json(DEFAULTS)),
      http.get(PREVIEW, () => HttpResponse.json(PREVIEW_BODY)),
      http.put(SETTINGS, () =>
        apiError(400, "Choose what starts the distribution", [
          { path: "triggerType", message: "Choose what starts the distribution" },
        ]),
      ),
    );
    const { user } = renderWithApp(<DistributionTab />);
    await user.click(await screen.findByRole("button", { name: "Save Settings" }));
    expect(await screen.findByLabelText("What starts the distribution")).toHaveAccessibleDescription(
      "Choose what starts the distribution",
    );
    expect(await screen.findAllByText(/Failed to save distribution settings/)).not.toHaveLength(0);
  });

  it("offers to try again when the settings cannot be read", async () => {
    let calls = 0;
    server.use(
      http.get(SETTINGS, () => (++calls === 1 ? apiError(500, "Internal error") : HttpResponse.json(DEFAULTS))),
      http.get(PREVIEW, () => HttpResponse.json({ stages: [], excluded: [] })),
    );
    const { user } = renderWithApp(<DistributionTab />);
    expect(await screen.findByText("We could not load your distribution settings.")).toBeInTheDocument();
    expect(screen.getByText("Nothing would be distributed with these settings.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByLabelText("Waiting period (days)")).toHaveValue(30);
  });
});
