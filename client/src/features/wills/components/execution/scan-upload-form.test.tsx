import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { ScanUploadForm } from "@/features/wills/components/execution/scan-upload-form";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const URL = "/api/digital-wills/7/execution/scan";
const scan = () => new File(["%PDF-1.7 signed"], "signed-will.pdf", { type: "application/pdf" });

describe("ScanUploadForm", () => {
  it("asks for the file before sending anything", async () => {
    const posted = vi.fn();
    server.use(http.post(URL, posted));
    const { user } = renderWithApp(<ScanUploadForm willId={7} />);

    await user.click(screen.getByRole("button", { name: "Upload Signed Will" }));

    expect(await screen.findByLabelText("Signed pages")).toHaveAccessibleDescription(
      expect.stringContaining("Choose the scan or photo of the signed pages"),
    );
    expect(posted).not.toHaveBeenCalled();
  });

  it("says Uploading... while the scan is sent in the files field, then reports the will executed", async () => {
    const { reply, release } = heldReply();
    const append = vi.spyOn(FormData.prototype, "append");
    server.use(
      http.post(URL, () => reply),
      http.get("/api/will-executions/current", () => HttpResponse.json(null)),
    );
    const { user } = renderWithApp(<ScanUploadForm willId={7} />);
    await user.upload(screen.getByLabelText("Signed pages"), scan());

    await user.click(screen.getByRole("button", { name: "Upload Signed Will" }));

    expect(await screen.findByRole("button", { name: "Uploading..." })).toBeDisabled();
    release(HttpResponse.json({ willId: 7, status: "executed" }, { status: 201 }));
    expect(await screen.findByText("Will Recorded as Executed")).toBeInTheDocument();
    const sent = append.mock.calls.map(([name, value]) => [name, (value as File).name]);
    append.mockRestore();
    expect(sent).toEqual([["files", "signed-will.pdf"]]);
  });

  it("shows the server's refusal of a record that is not ready", async () => {
    const message = "Mark the execution record ready to sign before uploading the signed pages.";
    server.use(http.post(URL, () => apiError(409, message)));
    const { user } = renderWithApp(<ScanUploadForm willId={7} />);
    await user.upload(screen.getByLabelText("Signed pages"), scan());

    await user.click(screen.getByRole("button", { name: "Upload Signed Will" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(screen.getByRole("button", { name: "Upload Signed Will" })).toBeEnabled();
  });
});
