import { describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { BeneficiaryFormDialog } from "@/features/beneficiaries/components/beneficiary-form-dialog";
import { buildBeneficiary } from "@/testing/mocks/data";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

function renderDialog(props: Partial<Parameters<typeof BeneficiaryFormDialog>[0]> = {}) {
  const onOpenChange = vi.fn();
  const rendered = renderWithApp(<BeneficiaryFormDialog open onOpenChange={onOpenChange} {...props} />);
  return { ...rendered, onOpenChange, dialog: screen.getByRole("dialog") };
}

async function fillIn(user: ReturnType<typeof renderDialog>["user"]) {
  await user.type(screen.getByLabelText("First name"), "Kofi");
  await user.type(screen.getByLabelText("Last name"), "Boateng");
  await user.type(screen.getByLabelText("Email"), "Kofi.Boateng@example.com");
  await user.selectOptions(screen.getByLabelText("Relationship"), "sibling");
}

describe("BeneficiaryFormDialog", () => {
  it("shows the spec's message under every empty field and sends nothing", async () => {
    const posted = vi.fn();
    server.use(http.post("/api/beneficiaries", posted));
    const { user } = renderDialog();

    await user.click(screen.getByRole("button", { name: "Add Beneficiary" }));

    expect(await screen.findByLabelText("First name")).toHaveAccessibleDescription("First name is required");
    expect(screen.getByLabelText("Last name")).toHaveAccessibleDescription("Last name is required");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Valid email is required");
    expect(screen.getByLabelText("Relationship")).toHaveAccessibleDescription("Relationship is required");
    expect(screen.getByLabelText("Email")).toBeInvalid();
    expect(posted).not.toHaveBeenCalled();
  });

  it("says Saving... and locks the form while the add is in flight, then reports it and closes", async () => {
    const { reply, release } = heldReply();
    let body: unknown;
    server.use(
      http.post("/api/beneficiaries", async ({ request }) => {
        body = await request.json();
        return reply;
      }),
    );
    const { user, onOpenChange } = renderDialog();
    await fillIn(user);

    await user.click(screen.getByRole("button", { name: "Add Beneficiary" }));

    expect(await screen.findByRole("button", { name: "Saving..." })).toBeDisabled();
    expect(screen.getByLabelText("First name")).toBeDisabled();
    release(HttpResponse.json(buildBeneficiary(), { status: 201 }));
    expect(await screen.findByText("Beneficiary Added")).toBeInTheDocument();
    expect(screen.getByText("We e-mailed kofi.boateng@example.com a link to confirm.")).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    // the shared schema trims and lower-cases the e-mail before it is sent
    expect(body).toEqual({
      firstName: "Kofi",
      lastName: "Boateng",
      email: "kofi.boateng@example.com",
      relationship: "sibling",
      dateOfBirth: null,
    });
  });

  it("puts the server's field message under its field", async () => {
    server.use(
      http.post("/api/beneficiaries", () =>
        apiError(400, "Invalid input", [
          { path: "email", message: "This e-mail is already one of your beneficiaries" },
        ]),
      ),
    );
    const { user, onOpenChange } = renderDialog();
    await fillIn(user);

    await user.click(screen.getByRole("button", { name: "Add Beneficiary" }));

    expect(await screen.findByText("This e-mail is already one of your beneficiaries")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription(
      "This e-mail is already one of your beneficiaries",
    );
    expect(screen.getByText("Failed to Add Beneficiary")).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("explains a reached plan limit (402) with a way to upgrade", async () => {
    const limit = "Your Freemium plan allows 3 beneficiaries. Upgrade your plan to add more.";
    server.use(http.post("/api/beneficiaries", () => apiError(402, limit)));
    const { user, dialog } = renderDialog();
    await fillIn(user);

    await user.click(screen.getByRole("button", { name: "Add Beneficiary" }));

    const notice = await within(dialog).findByRole("alert");
    expect(notice).toHaveTextContent(limit);
    expect(within(notice).getByRole("link", { name: "See plans and upgrade" })).toHaveAttribute("href", "/pricing");
    // spec 000 §8: the notice carries the status and the server's text
    expect(screen.getByText(`402: ${limit}`)).toBeInTheDocument();
  });

  it("edits a beneficiary: starts from its values and saves with PATCH", async () => {
    const beneficiary = buildBeneficiary({ id: 42 });
    let body: unknown;
    server.use(
      http.patch("/api/beneficiaries/42", async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...beneficiary, firstName: "Kwabena" });
      }),
    );
    const { user, onOpenChange } = renderDialog({ beneficiary });
    expect(screen.getByRole("heading", { name: "Edit Beneficiary" })).toBeInTheDocument();
    expect(screen.getByLabelText("Relationship")).toHaveValue("sibling");

    await user.clear(screen.getByLabelText("First name"));
    await user.type(screen.getByLabelText("First name"), "Kwabena");
    await user.click(screen.getByRole("button", { name: "Save Changes" }));

    expect(await screen.findByText("Beneficiary Updated")).toBeInTheDocument();
    expect(body).toMatchObject({ firstName: "Kwabena", email: beneficiary.email });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
