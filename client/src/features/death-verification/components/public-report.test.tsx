import { describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { DEATH_VERIFICATION_MESSAGES } from "@shared/validators/death-verification";
import { ConfirmReport } from "@/features/death-verification/components/confirm-report";
import { ReportDeathForm } from "@/features/death-verification/components/report-death-form";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

const REPORT = "/api/death-verification/report";

describe("ReportDeathForm", () => {
  it("shows the field messages and sends nothing for an empty form", async () => {
    const posted = vi.fn(() => HttpResponse.json({ message: "x" }, { status: 202 }));
    server.use(http.post(REPORT, posted));
    const { user } = renderWithApp(<ReportDeathForm />);
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByLabelText("Your full name")).toHaveAccessibleDescription("Full name is required");
    expect(screen.getByLabelText("Your e-mail")).toHaveAccessibleDescription("Valid email is required");
    expect(screen.getByLabelText("Your relationship to them")).toHaveAccessibleDescription("Relationship is required");
    expect(posted).not.toHaveBeenCalled();
  });

  it("sends the report and shows the server's answer, the same whoever it names", async () => {
    let body: unknown;
    server.use(
      http.post(REPORT, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({ message: DEATH_VERIFICATION_MESSAGES.reportSent }, { status: 202 });
      }),
    );
    const { user } = renderWithApp(<ReportDeathForm />);
    await user.type(screen.getByLabelText("E-mail address of the person who died"), "yaa@example.com");
    await user.type(screen.getByLabelText("Your full name"), "Esi Mensah");
    await user.type(screen.getByLabelText("Your e-mail"), "esi@example.com");
    await user.selectOptions(screen.getByLabelText("Your relationship to them"), "sibling");
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByRole("status")).toHaveTextContent(DEATH_VERIFICATION_MESSAGES.reportSent);
    expect(body).toEqual({
      subjectEmail: "yaa@example.com",
      reporterName: "Esi Mensah",
      reporterEmail: "esi@example.com",
      relationship: "sibling",
    });
  });

  it("puts a rate limit's message on the form and keeps the fields", async () => {
    server.use(http.post(REPORT, () => apiError(429, "Too many requests. Please wait a minute.")));
    const { user } = renderWithApp(<ReportDeathForm />);
    await user.type(screen.getByLabelText("E-mail address of the person who died"), "yaa@example.com");
    await user.type(screen.getByLabelText("Your full name"), "Esi Mensah");
    await user.type(screen.getByLabelText("Your e-mail"), "esi@example.com");
    await user.selectOptions(screen.getByLabelText("Your relationship to them"), "sibling");
    await user.click(screen.getByRole("button", { name: "Send report" }));
    expect(await screen.findByText("Too many requests. Please wait a minute.")).toBeInTheDocument();
    expect(screen.getByLabelText("Your full name")).toHaveValue("Esi Mensah");
  });
});

describe("ConfirmReport", () => {
  it("posts nothing on opening, then confirms once with the token", async () => {
    const posted = vi.fn(async ({ request }: { request: Request }) => {
      expect(await request.json()).toEqual({ token: "tok-1" });
      return HttpResponse.json({ message: "Thank you. Your report has been recorded." });
    });
    server.use(http.post(`${REPORT}/confirm`, posted));
    const { user } = renderWithApp(<ConfirmReport token="tok-1" />);
    expect(posted).not.toHaveBeenCalled();
    await user.click(screen.getByRole("button", { name: "Confirm my report" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Your report has been recorded.");
    expect(posted).toHaveBeenCalledTimes(1);
  });

  it("says an expired link is invalid and a used one was already confirmed", async () => {
    server.use(http.post(`${REPORT}/confirm`, () => apiError(404, "Not found")));
    const { user, unmount } = renderWithApp(<ConfirmReport token="old" />);
    await user.click(screen.getByRole("button", { name: "Confirm my report" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("invalid or has expired");
    unmount();
    server.use(http.post(`${REPORT}/confirm`, () => apiError(409, "used")));
    const second = renderWithApp(<ConfirmReport token="used" />);
    await second.user.click(screen.getByRole("button", { name: "Confirm my report" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("already been confirmed");
  });
});
