import type { ReactNode } from "react";
import { Link, useLocation, useSearch } from "wouter";
import { PublicLayout } from "@/components/layouts/public-layout";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { paths } from "@/config/paths";
import { useAuth } from "@/lib/auth";
import { GiftCardShop, type CheckoutReturn } from "@/features/gift-cards/components/gift-card-shop";
import { MobileMoneyNote } from "@/features/gift-cards/components/mobile-money-note";
import { MyGiftCards } from "@/features/gift-cards/components/my-gift-cards";
import { RedeemForm } from "@/features/gift-cards/components/redeem-form";

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** Stripe's Checkout sends the buyer back to `/gift-cards?purchase=<id>&checkout=success|cancelled`. */
function checkoutReturn(search: string): CheckoutReturn | null {
  const params = new URLSearchParams(search);
  const id = Number(params.get("purchase"));
  const checkout = params.get("checkout");
  if (!Number.isSafeInteger(id) || id < 1 || (checkout !== "success" && checkout !== "cancelled")) return null;
  return { purchaseId: id, cancelled: checkout === "cancelled" };
}

/** Spec 001 §2 "Gift cards" (public): anyone sees the offer; buying, My Gift Cards and redeeming need an account. */
export function GiftCardsPage() {
  const { user } = useAuth();
  const returned = checkoutReturn(useSearch());
  const [, navigate] = useLocation();
  return (
    <PublicLayout>
      <title>Gift Cards · Heirloom</title>
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="grid content-start gap-6">
          <header>
            <h1 className="text-3xl font-bold tracking-tight">Gift Cards</h1>
            <p className="mt-2 text-muted-foreground">
              Give the gift of peace of mind: Heirloom gift cards in Ghana cedis, paid by mobile money or card.
            </p>
          </header>
          {user ? (
            <>
              <Section title="Buy gift cards">
                <GiftCardShop
                  returned={returned}
                  onReturnDone={() => navigate(paths.giftCards.getHref(), { replace: true })}
                />
              </Section>
              <Section title="My Gift Cards">
                <MyGiftCards />
              </Section>
            </>
          ) : (
            <Section title="Buy gift cards" description="Buying a gift card needs a Heirloom account.">
              <Button asChild>
                <Link href={paths.auth.getHref()}>Sign in to buy</Link>
              </Button>
            </Section>
          )}
        </div>
        <div className="grid content-start gap-6">
          {user ? (
            <Section title="Redeem a gift card" description="Its value is added to your account credit.">
              <RedeemForm />
            </Section>
          ) : null}
          <MobileMoneyNote />
        </div>
      </div>
    </PublicLayout>
  );
}
