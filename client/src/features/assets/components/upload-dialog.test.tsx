import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import type { FileAssetDto } from "@shared/api-types";
import { UploadDialog } from "@/features/assets/components/upload-dialog";
import { server } from "@/testing/mocks/server";
import { apiError, heldReply, renderWithApp } from "@/testing/test-utils";

const UPLOAD = "/api/assets/upload";

function renderDialog() {
  const onOpenChange = vi.fn();
  // the picker's `accept` would hide a wrong file type from a real user's chooser; the form checks it regardless
  const rendered = renderWithApp(<UploadDialog open onOpenChange={onOpenChange} />, { applyAccept: false });
  return { ...rendered, onOpenChange };
}

/** A Blob's text through jsdom's own FileReader (the Blob the page built, before any serialisation). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const will = () => new File(["%PDF-1.7 last will"], "will.pdf", { type: "application/pdf" });

function stored(name: string): FileAssetDto[] {
  return [
    {
      id: 3,
      originalFileName: name,
      mimeType: "application/pdf",
      fileSize: 18,
      category: "documents",
      description: null,
      assignedToBeneficiary: null,
      createdAt: "2026-11-25T10:00:00.000Z",
    },
  ];
}

describe("UploadDialog", () => {
  it("asks for a category and at least one file before sending anything", async () => {
    const posted = vi.fn();
    server.use(http.post(UPLOAD, posted));
    const { user } = renderDialog();

    await user.click(screen.getByRole("button", { name: "Upload" }));

    expect(await screen.findByRole("combobox", { name: "Category" })).toHaveAccessibleDescription(
      "Please select a category",
    );
    expect(screen.getByText("No Files Selected")).toBeInTheDocument();
    expect(screen.getByText("Please select at least one file to upload.")).toBeInTheDocument();
    expect(posted).not.toHaveBeenCalled();
  });

  it("turns away a file type the spec does not accept, saying which types are", async () => {
    const { user } = renderDialog();

    await user.upload(screen.getByLabelText("Files"), new File(["MZ"], "setup.exe"));

    expect(await screen.findByText(/setup\.exe: this file type is not accepted\. Use PDF, DOC/)).toBeInTheDocument();
    expect(screen.queryByRole("list", { name: "Selected files" })).not.toBeInTheDocument();
  });

  it("says Uploading... while the file is sent with its fields, then reports it and closes", async () => {
    const { reply, release } = heldReply();
    // What the page puts in the form it sends, read before serialisation: Node 24's fetch, which MSW's interceptor
    // serialises jsdom's FormData with, does not carry jsdom's File bytes.
    const append = vi.spyOn(FormData.prototype, "append");
    server.use(http.post(UPLOAD, () => reply));
    const { user, onOpenChange } = renderDialog();
    await user.selectOptions(screen.getByRole("combobox", { name: "Category" }), "documents");
    await user.upload(screen.getByLabelText("Files"), will());
    await user.type(screen.getByLabelText("Description (optional)"), "Signed copy");

    await user.click(screen.getByRole("button", { name: "Upload" }));

    expect(await screen.findByRole("button", { name: "Uploading..." })).toBeDisabled();
    release(HttpResponse.json(stored("will.pdf"), { status: 201 }));
    expect(await screen.findByText("Assets Uploaded")).toBeInTheDocument();
    expect(onOpenChange).toHaveBeenCalledWith(false);
    const sent = new Map(append.mock.calls.map(([name, value]) => [name, value]));
    append.mockRestore();
    expect([...sent.keys()].sort()).toEqual(["category", "description", "files"]);
    expect({ category: sent.get("category"), description: sent.get("description") }).toEqual({
      category: "documents",
      description: "Signed copy",
    });
    const file = sent.get("files") as File;
    expect(file.name).toBe("will.pdf");
    expect(await textOf(file)).toBe("%PDF-1.7 last will");
  });

  it("reports a full storage (402) with the server's words and marks the file failed", async () => {
    const full = "Your storage is full. Upgrade your plan or buy more storage to lift this limit.";
    server.use(http.post(UPLOAD, () => apiError(402, full)));
    const { user, onOpenChange } = renderDialog();
    await user.selectOptions(screen.getByRole("combobox", { name: "Category" }), "documents");
    await user.upload(screen.getByLabelText("Files"), will());

    await user.click(screen.getByRole("button", { name: "Upload" }));

    expect(await screen.findByText("Upload Failed")).toBeInTheDocument();
    expect(screen.getByText(full)).toBeInTheDocument();
    expect(screen.getByText("Failed")).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });
});
