import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { REAUTH_REQUIRED_MESSAGE } from "@shared/validators/auth";
import { PASSKEY_MESSAGES, type PasskeySummary } from "@shared/validators/passkeys";
import { CANCELLED_MESSAGE } from "@/features/settings/components/add-passkey-dialog";
import { PasskeysSection } from "@/features/settings/components/passkeys-section";
import { TEST_USER } from "@/testing/mocks/data";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

// The browser's WebAuthn dialog is the one thing jsdom cannot do; everything up to and after it runs for real.
const webauthn = vi.hoisted(() => ({ startRegistration: vi.fn(), startAuthentication: vi.fn() }));
vi.mock("@simplewebauthn/browser", () => ({
  browserSupportsWebAuthn: () => true,
  startRegistration: webauthn.startRegistration,
  startAuthentication: webauthn.startAuthentication,
}));

afterEach(() => vi.clearAllMocks());

const PHONE: PasskeySummary = { id: 3, name: "Phone", createdAt: "2026-11-20T09:00:00.000Z", lastUsedAt: null };
const LAPTOP: PasskeySummary = {
  id: 4,
  name: "Work laptop",
  createdAt: "2026-11-21T09:00:00.000Z",
  lastUsedAt: "2026-11-25T10:30:00.000Z",
};
const OPTIONS = { challenge: "c2VydmVyLWNoYWxsZW5nZQ", rp: { id: "localhost", name: "Heirloom" } };
const ANSWER = { id: "Y3JlZA", rawId: "Y3JlZA", type: "public-key", response: {}, clientExtensionResults: {} };

function listAnswers(...lists: PasskeySummary[][]) {
  let call = 0;
  return http.get("/api/user/passkeys", () => HttpResponse.json(lists[Math.min(call++, lists.length - 1)]));
}

async function openAdd(user: ReturnType<typeof renderWithApp>["user"]) {
  await user.click(await screen.findByRole("button", { name: "Add a Passkey" }));
  return screen.findByRole("dialog", { name: "Add a passkey" });
}

describe("PasskeysSection", () => {
  it("lists each passkey with when it was added and last used", async () => {
    server.use(listAnswers([PHONE, LAPTOP]));
    renderWithApp(<PasskeysSection user={TEST_USER} />);
    const list = await screen.findByRole("list", { name: "Your passkeys" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((row) => within(row).getByText(/^(Phone|Work laptop)$/).textContent)).toEqual([
      "Phone",
      "Work laptop",
    ]);
    expect(rows[0]).toHaveTextContent("never used");
    expect(rows[1]).toHaveTextContent(/last used/);
  });

  it("says when there are none", async () => {
    server.use(listAnswers([]));
    renderWithApp(<PasskeysSection user={TEST_USER} />);
    expect(await screen.findByText("No passkeys yet.")).toBeInTheDocument();
  });

  it("asks an owner whose address is not confirmed yet to confirm it before adding one", async () => {
    server.use(listAnswers([]));
    renderWithApp(<PasskeysSection user={{ ...TEST_USER, emailVerified: false }} />);
    expect(await screen.findByText(/Confirm your e-mail address first/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Add a Passkey" })).not.toBeInTheDocument();
  });

  it("says when the list cannot be loaded", async () => {
    server.use(http.get("/api/user/passkeys", () => apiError(500, "Something went wrong")));
    renderWithApp(<PasskeysSection user={TEST_USER} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Could not load your passkeys.");
  });

  it("adds a passkey: its name, the browser's dialog with the server's options, then the list again", async () => {
    let body: unknown;
    webauthn.startRegistration.mockResolvedValue(ANSWER);
    server.use(
      listAnswers([], [PHONE]),
      http.post("/api/user/passkeys/options", () => HttpResponse.json(OPTIONS)),
      http.post("/api/user/passkeys", async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(PHONE, { status: 201 });
      }),
    );
    const { user } = renderWithApp(<PasskeysSection user={TEST_USER} />);
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByLabelText("Name"), "Phone");
    await user.click(within(dialog).getByRole("button", { name: "Create Passkey" }));

    expect(await screen.findByText("Passkey added")).toBeInTheDocument();
    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: OPTIONS });
    expect(body).toEqual({ name: "Phone", response: ANSWER });
    expect(screen.queryByRole("dialog", { name: "Add a passkey" })).not.toBeInTheDocument();
    expect(await screen.findByRole("list", { name: "Your passkeys" })).toHaveTextContent("Phone");
  });

  it("asks for a name first and sends nothing without one", async () => {
    const options = vi.fn();
    server.use(listAnswers([]), http.post("/api/user/passkeys/options", options));
    const { user } = renderWithApp(<PasskeysSection user={TEST_USER} />);
    const dialog = await openAdd(user);
    await user.click(within(dialog).getByRole("button", { name: "Create Passkey" }));
    expect(await within(dialog).findByLabelText("Name")).toHaveAccessibleDescription(
      expect.stringContaining(PASSKEY_MESSAGES.name),
    );
    expect(options).not.toHaveBeenCalled();
  });

  it("confirms the password when the sign-in is old, then creates the passkey on the next click", async () => {
    let optionsCalls = 0;
    let confirmedWith: unknown;
    webauthn.startRegistration.mockResolvedValue(ANSWER);
    server.use(
      listAnswers([]),
      http.post("/api/user/passkeys/options", () =>
        optionsCalls++ === 0 ? apiError(401, REAUTH_REQUIRED_MESSAGE) : HttpResponse.json(OPTIONS),
      ),
      http.post("/api/user/reauth", async ({ request }) => {
        confirmedWith = await request.json();
        return HttpResponse.json({ recentUntil: "2026-11-25T11:00:00.000Z" });
      }),
      http.post("/api/user/passkeys", () => HttpResponse.json(PHONE, { status: 201 })),
    );
    const { user } = renderWithApp(<PasskeysSection user={TEST_USER} />);
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByLabelText("Name"), "Phone");
    await user.click(within(dialog).getByRole("button", { name: "Create Passkey" }));

    await user.type(await within(dialog).findByLabelText("Password"), "Kente-Cloth-2026");
    await user.click(within(dialog).getByRole("button", { name: "Confirm Password" }));
    expect(confirmedWith).toEqual({ password: "Kente-Cloth-2026" });
    expect(webauthn.startRegistration).not.toHaveBeenCalled();

    expect(await within(dialog).findByLabelText("Name")).toHaveValue("Phone");
    await user.click(within(dialog).getByRole("button", { name: "Create Passkey" }));
    expect(await screen.findByText("Passkey added")).toBeInTheDocument();
    expect(webauthn.startRegistration).toHaveBeenCalledTimes(1);
  });

  it("confirms a stale sign-in with an existing passkey instead of the password", async () => {
    let reauthWith: unknown;
    let optionsCalls = 0;
    webauthn.startAuthentication.mockResolvedValue(ANSWER);
    webauthn.startRegistration.mockResolvedValue(ANSWER);
    server.use(
      http.get("/api/user", () => HttpResponse.json({ ...TEST_USER, passkeyCount: 1 })),
      listAnswers([PHONE]),
      http.post("/api/user/passkeys/options", () =>
        optionsCalls++ === 0 ? apiError(401, REAUTH_REQUIRED_MESSAGE) : HttpResponse.json(OPTIONS),
      ),
      http.post("/api/user/reauth/passkey/options", () => HttpResponse.json({ challenge: "c3RlcC11cA" })),
      http.post("/api/user/reauth/passkey", async ({ request }) => {
        reauthWith = await request.json();
        return HttpResponse.json({ recentUntil: "2026-11-25T11:00:00.000Z" });
      }),
      http.post("/api/user/passkeys", () => HttpResponse.json(LAPTOP, { status: 201 })),
    );
    const { user } = renderWithApp(<PasskeysSection user={TEST_USER} />);
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByLabelText("Name"), "Work laptop");
    await user.click(within(dialog).getByRole("button", { name: "Create Passkey" }));
    await user.click(await within(dialog).findByRole("button", { name: "Confirm with a Passkey" }));
    expect(reauthWith).toEqual({ response: ANSWER });

    await user.click(await within(dialog).findByRole("button", { name: "Create Passkey" }));
    expect(await screen.findByText("Passkey added")).toBeInTheDocument();
  });

  it("says no passkey was created when the browser's dialog is cancelled, and sends no answer", async () => {
    const answered = vi.fn();
    webauthn.startRegistration.mockRejectedValue(Object.assign(new Error("cancelled"), { name: "NotAllowedError" }));
    server.use(
      listAnswers([]),
      http.post("/api/user/passkeys/options", () => HttpResponse.json(OPTIONS)),
      http.post("/api/user/passkeys", answered),
    );
    const { user } = renderWithApp(<PasskeysSection user={TEST_USER} />);
    const dialog = await openAdd(user);
    await user.type(within(dialog).getByLabelText("Name"), "Phone");
    await user.click(within(dialog).getByRole("button", { name: "Create Passkey" }));
    expect(await within(dialog).findByText(CANCELLED_MESSAGE)).toBeInTheDocument();
    expect(answered).not.toHaveBeenCalled();
  });

  it("renames a passkey from its current name", async () => {
    let body: unknown;
    server.use(
      listAnswers([PHONE], [{ ...PHONE, name: "Old phone" }]),
      http.patch("/api/user/passkeys/3", async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ ...PHONE, name: "Old phone" });
      }),
    );
    const { user } = renderWithApp(<PasskeysSection user={TEST_USER} />);
    await user.click(await screen.findByRole("button", { name: "Rename Phone" }));
    const dialog = await screen.findByRole("dialog", { name: "Rename passkey" });
    const name = within(dialog).getByLabelText("Name");
    expect(name).toHaveValue("Phone");
    await user.clear(name);
    await user.type(name, "Old phone");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Passkey renamed")).toBeInTheDocument();
    expect(body).toEqual({ name: "Old phone" });
    expect(await screen.findByText("Old phone")).toBeInTheDocument();
  });

  it("removes a passkey only once the removal is confirmed", async () => {
    const removed = vi.fn(() => new HttpResponse(null, { status: 204 }));
    server.use(listAnswers([PHONE, LAPTOP], [LAPTOP]), http.delete("/api/user/passkeys/3", removed));
    const { user } = renderWithApp(<PasskeysSection user={TEST_USER} />);
    await user.click(await screen.findByRole("button", { name: "Remove Phone" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Remove this passkey?" });
    expect(confirm).toHaveTextContent("“Phone” will no longer sign you in.");
    expect(removed).not.toHaveBeenCalled();
    await user.click(within(confirm).getByRole("button", { name: "Remove Passkey" }));
    expect(await screen.findByText("Passkey removed")).toBeInTheDocument();
    expect(removed).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole("button", { name: "Remove Work laptop" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove Phone" })).not.toBeInTheDocument();
  });
});
