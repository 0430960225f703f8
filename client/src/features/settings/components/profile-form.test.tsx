import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { PHONE_MESSAGE } from "@shared/validators/phone";
import { ProfileForm } from "@/features/settings/components/profile-form";
import { server } from "@/testing/mocks/server";
import { TEST_USER } from "@/testing/mocks/data";
import { apiError, renderWithApp } from "@/testing/test-utils";

const phoneField = () => screen.getByLabelText("Mobile number (optional)");
const save = () => screen.getByRole("button", { name: "Save Profile" });

describe("ProfileForm's mobile number", () => {
  it("shows the accepted forms under the field for a number it cannot read, and sends nothing", async () => {
    const patched = vi.fn();
    server.use(http.patch("/api/user", patched));
    const { user } = renderWithApp(<ProfileForm user={TEST_USER} />);

    await user.type(phoneField(), "12345");
    await user.click(save());

    expect(await screen.findByLabelText("Mobile number (optional)")).toHaveAccessibleDescription(
      expect.stringContaining(PHONE_MESSAGE),
    );
    expect(patched).not.toHaveBeenCalled();
  });

  it("sends the number as +233…, then shows it as saved", async () => {
    let body: unknown;
    server.use(
      http.patch("/api/user", async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...TEST_USER, phone: "+233241234567" });
      }),
    );
    const { user } = renderWithApp(<ProfileForm user={TEST_USER} />);

    await user.type(phoneField(), "024 123 4567");
    await user.click(save());

    expect(await screen.findByText("Profile Updated")).toBeInTheDocument();
    expect(body).toEqual({ firstName: "Ama", lastName: "Mensah", phone: "+233241234567" });
    expect(phoneField()).toHaveValue("+233241234567");
  });

  it("removes the number when the field is emptied, and puts the server's refusal under the field", async () => {
    let body: unknown;
    server.use(
      http.patch("/api/user", async ({ request }) => {
        body = await request.json();
        return apiError(400, PHONE_MESSAGE, [{ path: "phone", message: "Refused by the server" }]);
      }),
    );
    const { user } = renderWithApp(<ProfileForm user={{ ...TEST_USER, phone: "+233241234567" }} />);
    expect(phoneField()).toHaveValue("+233241234567");

    await user.clear(phoneField());
    await user.click(save());

    expect(await screen.findByLabelText("Mobile number (optional)")).toHaveAccessibleDescription(
      expect.stringContaining("Refused by the server"),
    );
    expect(body).toEqual({ firstName: "Ama", lastName: "Mensah", phone: null });
  });
});
