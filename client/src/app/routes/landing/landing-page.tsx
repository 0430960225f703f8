import { SiteFooter } from "@/components/layouts/site-footer";
import { SkipLink } from "@/components/layouts/skip-link";
import { CallToAction } from "@/features/landing/components/call-to-action";
import { FeatureGrid } from "@/features/landing/components/feature-grid";
import { HeroSection } from "@/features/landing/components/hero-section";
import { LandingHeader } from "@/features/landing/components/landing-header";
import { PricingSection } from "@/features/landing/components/pricing-section";

/** Spec 000 §2: the signed-out home page (also every unmatched path for visitors). */
export function LandingPage() {
  return (
    <div className="flex min-h-screen flex-col">
      <title>Heirloom — Secure and transfer your digital assets to your loved ones</title>
      <SkipLink />
      <LandingHeader />
      <main id="main" className="flex-1">
        <HeroSection />
        <FeatureGrid />
        <PricingSection />
        <CallToAction />
      </main>
      <SiteFooter />
    </div>
  );
}
