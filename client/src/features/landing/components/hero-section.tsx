import { Link } from "wouter";
import { ArrowRight, Briefcase, Gift, Lock, ShieldCheck, Users } from "lucide-react";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";
import { HeroPreview } from "@/features/landing/components/hero-preview";

const TRUST_POINTS = [
  { icon: Lock, text: "Encrypted at rest and in transit" },
  { icon: Users, text: "You decide who receives what" },
  { icon: ShieldCheck, text: "Verified release, never by accident" },
] as const;

export function HeroSection() {
  return (
    <section aria-labelledby="hero-heading" className="relative overflow-hidden bg-primary text-primary-foreground">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,hsl(38_80%_45%/0.25),transparent_55%)]"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 py-20 sm:px-6 sm:py-28 lg:grid-cols-[1.3fr_1fr] lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-widest text-amber-300 uppercase">Digital estate planning</p>
          <h1 id="hero-heading" className="mt-4 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl lg:text-6xl">
            Secure and transfer your digital assets to your loved ones
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-primary-foreground/85">
            Heirloom keeps your documents, accounts, valuables and final wishes in one protected place, and makes sure
            they reach the right people at the right time.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
            <Button asChild variant="accent" size="lg">
              <Link href={paths.auth.getHref()}>
                Start Your Digital Will
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10"
            >
              <Link href={paths.agentOnboarding.getHref()}>
                <Briefcase aria-hidden="true" />
                Become an Agent
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-primary-foreground/40 bg-transparent text-primary-foreground hover:bg-primary-foreground/10"
            >
              <Link href={paths.giftCards.getHref()}>
                <Gift aria-hidden="true" />
                Gift Cards
              </Link>
            </Button>
          </div>
          <ul className="mt-12 grid gap-4 text-sm text-primary-foreground/85 sm:grid-cols-3">
            {TRUST_POINTS.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon className="size-5 text-amber-300" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <HeroPreview />
      </div>
    </section>
  );
}
