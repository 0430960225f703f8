import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { TriggerFormDialog } from "@/features/triggers/components/trigger-form-dialog";
import { buildBeneficiary } from "@/testing/mocks/data";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

function choices() {
  server.use(
    http.get("/api/beneficiaries", () =>
      HttpResponse.json([buildBeneficiary({ id: 7, firstName: "Kofi", lastName: "Boateng" })]),
    ),
    http.get("/api/asset-index", () =>
      HttpResponse.json([
        {
          kind: "digital_files",
          id: 3,
          title: "deed.pdf",
          category: "documents",
          assignedToBeneficiary: null,
          fileSize: 10,
          mimeType: "application/pdf",
          createdAt: "2026-01-01T00:00:00.000Z",
        },
      ]),
    ),
    http.get("/api/asset-bundles", () =>
      HttpResponse.json([
        {
          id: 4,
          name: "Photos",
          description: null,
          category: "group",
          quantity: 0,
          price: "0.00",
          status: "active",
          items: [],
          createdAt: "2026-01-01T00:00:00.000Z",
          updatedAt: "2026-01-01T00:00:00.000Z",
        },
      ]),
    ),
  );
}

function renderDialog() {
  choices();
  const onOpenChange = vi.fn();
  return { ...renderWithApp(<TriggerFormDialog open onOpenChange={onOpenChange} />), onOpenChange };
}

describe("TriggerFormDialog", () => {
  it("requires a beneficiary and a trigger type and sends nothing", async () => {
    const posted = vi.fn();
    server.use(http.post("/api/triggers", posted));
    const { user } = renderDialog();
    await user.click(await screen.findByRole("button", { name: "Create Trigger" }));
    expect(await screen.findByLabelText("Beneficiary")).toHaveAccessibleDescription("Choose a beneficiary");
    expect(screen.getByLabelText("Trigger type")).toHaveAccessibleDescription("Choose a trigger type");
    expect(posted).not.toHaveBeenCalled();
  });

  it("shows the chosen type's field and checks its range", async () => {
    const { user } = renderDialog();
    await screen.findByRole("option", { name: "Kofi Boateng" });
    await user.selectOptions(screen.getByLabelText("Beneficiary"), "7");
    await user.selectOptions(screen.getByLabelText("Trigger type"), "inactivity_period");
    await user.type(screen.getByLabelText("Days without a sign-in or check-in"), "4000");
    await user.click(screen.getByRole("button", { name: "Create Trigger" }));
    expect(await screen.findByLabelText("Days without a sign-in or check-in")).toHaveAccessibleDescription(
      /whole number of days from 1 to 3650/,
    );
    expect(screen.queryByLabelText("Date and time")).not.toBeInTheDocument();
  });

  it("says Creating... while in flight, sends the type's fields, then reports Trigger Created and closes", async () => {
    const { reply, release } = heldReply();
    let body: Record<string, unknown> = {};
    server.use(
      http.post("/api/triggers", async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return reply;
      }),
    );
    const { user, onOpenChange } = renderDialog();
    await screen.findByRole("option", { name: "deed.pdf" });
    await user.selectOptions(screen.getByLabelText("Beneficiary"), "7");
    await user.selectOptions(screen.getByLabelText("Trigger type"), "specific_date");
    await user.type(screen.getByLabelText("Date and time"), "2099-12-10T14:00");
    await user.selectOptions(screen.getByLabelText("File to release (optional)"), "3");
    await user.selectOptions(screen.getByLabelText("Verification"), "automatic");
    await user.click(screen.getByRole("button", { name: "Create Trigger" }));

    expect(await screen.findByRole("button", { name: "Creating..." })).toBeDisabled();
    release(HttpResponse.json({ id: 1 }, { status: 201 }));
    expect(await screen.findByText("Trigger Created")).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(body).toMatchObject({
      beneficiaryId: 7,
      triggerType: "specific_date",
      assetId: 3,
      verificationMethod: "automatic",
      requiresVerification: false,
    });
    expect(new Date(body.triggerDate as string).getFullYear()).toBe(2099);
  });

  it("puts the server's field message under its field and says the spec's failure", async () => {
    server.use(
      http.post("/api/triggers", () =>
        apiError(400, "Add the beneficiary's date of birth first", [
          { path: "ageThreshold", message: "Add the beneficiary's date of birth first" },
        ]),
      ),
    );
    const { user, onOpenChange } = renderDialog();
    await screen.findByRole("option", { name: "Kofi Boateng" });
    await user.selectOptions(screen.getByLabelText("Beneficiary"), "7");
    await user.selectOptions(screen.getByLabelText("Trigger type"), "age_milestone");
    await user.type(screen.getByLabelText("Beneficiary's age"), "18");
    await user.click(screen.getByRole("button", { name: "Create Trigger" }));
    expect(await screen.findByText("Failed to create release trigger.")).toBeInTheDocument();
    expect(screen.getByLabelText("Beneficiary's age")).toHaveAccessibleDescription(
      expect.stringContaining("Add the beneficiary's date of birth first"),
    );
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
