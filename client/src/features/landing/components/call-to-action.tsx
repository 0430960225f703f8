import { Link } from "wouter";
import { ArrowRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { paths } from "@/config/paths";

/** Closing call to action: Get Started Today → /auth (spec 000 §2). */
export function CallToAction() {
  return (
    <section aria-labelledby="cta-heading" className="bg-primary text-primary-foreground">
      <div className="mx-auto flex max-w-7xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6 lg:px-8">
        <h2 id="cta-heading" className="max-w-2xl text-3xl font-bold tracking-tight">
          Give the people you love clarity, not questions
        </h2>
        <p className="max-w-xl text-primary-foreground/85">
          It takes a few minutes to start. Your plan is private until the moment it needs to be shared.
        </p>
        <Button asChild variant="accent" size="lg">
          <Link href={paths.auth.getHref()}>
            Get Started Today
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
