import { describe, expect, it } from "vitest";
import { screen, within } from "@testing-library/react";
import { http, HttpResponse } from "msw";
import { GiftCardsPage } from "@/app/routes/public/gift-cards-page";
import { server } from "@/testing/mocks/server";
import { apiError, renderWithApp } from "@/testing/test-utils";

const card = (id: number, status: string) => ({
  id,
  cardNumber: `•••• •••• •••• 000${id}`,
  cardType: "virtual",
  denomination: "50.00",
  currency: "GHS",
  design: "classic",
  status,
  recipientName: `Recipient ${id}`,
  expiryDate: "2028-11-27T00:00:00.000Z",
});

describe("GiftCardsPage", () => {
  it("shows a visitor the offer, the figures with their source and a Sign in to buy button, but no form", async () => {
    server.use(http.get("/api/user", () => apiError(401, "Unauthorized")));
    renderWithApp(<GiftCardsPage />);
    expect(await screen.findByRole("link", { name: "Sign in to buy" })).toHaveAttribute("href", "/auth");
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Home" })).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Become Agent" })).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Sign In" })).toBeInTheDocument();
    const figures = screen.getByRole("complementary", { name: "Mobile money in Ghana" });
    expect(within(figures).getByText("Registered mobile money accounts").nextSibling).toHaveTextContent("71.9M");
    expect(within(figures).getByText(/Source: Bank of Ghana, .* October 2024/)).toBeInTheDocument();
    expect(within(figures).queryByText("40.9M")).not.toBeInTheDocument();
    expect(screen.queryByRole("form", { name: "Buy gift cards" })).not.toBeInTheDocument();
  });

  it("lists a buyer's cards with completed highlighted and other statuses secondary", async () => {
    server.use(
      http.get("/api/gift-cards", () => HttpResponse.json([card(1, "completed"), card(2, "active")])),
      http.get("/api/account-credit", () =>
        HttpResponse.json({ balance: { amount: "0.00", currency: "GHS" }, entries: [] }),
      ),
    );
    renderWithApp(<GiftCardsPage />);
    const list = await screen.findByRole("list", { name: "My gift cards" });
    const [first, second] = within(list).getAllByRole("listitem");
    expect(first).toHaveTextContent("•••• •••• •••• 0001");
    expect(first).toHaveTextContent("Recipient 1");
    expect(within(first).getByText("completed")).toHaveClass("bg-success");
    expect(within(second).getByText("active")).toHaveClass("bg-secondary");
    expect(within(first).getByRole("link", { name: "Print card 0001 (PDF)" })).toHaveAttribute(
      "href",
      "/api/gift-cards/1/card.pdf",
    );
    expect(screen.getByRole("form", { name: "Buy gift cards" })).toBeInTheDocument();
  });
});
