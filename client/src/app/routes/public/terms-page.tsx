import { Link } from "wouter";
import { PublicLayout } from "@/components/layouts/public-layout";
import { paths } from "@/config/paths";

const SECTIONS = [
  {
    heading: "1. The service",
    body: "Heirloom lets you record digital and physical assets, name beneficiaries and trusted parties, keep a digital will and export backups. Heirloom is a planning tool: it does not give legal advice, and a digital will kept here may not replace a will that meets the formal requirements of your country.",
  },
  {
    heading: "2. Your account",
    body: "You must give accurate details and keep your password secret. You are responsible for what happens under your account. Tell us at once if you think someone else has used it.",
  },
  {
    heading: "3. Your content",
    body: "Everything you upload or write stays yours. You give us only the permission we need to store it, protect it, back it up and release it to the people you choose, under the conditions you set.",
  },
  {
    heading: "4. Plans and payment",
    body: "Paid plans and extra storage are billed monthly in advance. You can change or cancel your plan at any time; a cancellation takes effect at the end of the period already paid. If you go over a plan limit, new uploads wait until you free space or upgrade.",
  },
  {
    heading: "5. Agents",
    body: "Agents are independent professionals. They see only what you allow, never the contents of your files or secrets. Their advice is their own responsibility.",
  },
  {
    heading: "6. Acceptable use",
    body: "Do not upload content you have no right to store, try to reach other people's data, disrupt the service, or make false death-verification claims. False claims may be reported to the authorities.",
  },
  {
    heading: "7. Changes and ending",
    body: "We may update these terms and will tell you in advance of significant changes. You can close your account at any time after exporting your data; we may suspend accounts that break these terms.",
  },
] as const;

export function TermsPage() {
  return (
    <PublicLayout>
      <title>Terms of Service · Heirloom</title>
      <article className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight">Terms of Service</h1>
        <p className="mt-3 text-muted-foreground">
          These terms govern your use of Heirloom. By creating an account you accept them. Please also read our{" "}
          <Link href={paths.privacy.getHref()} className="font-medium text-primary underline underline-offset-4">
            Privacy Policy
          </Link>
          .
        </p>
        {SECTIONS.map((section) => (
          <section key={section.heading} className="mt-8">
            <h2 className="text-xl font-semibold">{section.heading}</h2>
            <p className="mt-2 leading-relaxed text-foreground/90">{section.body}</p>
          </section>
        ))}
      </article>
    </PublicLayout>
  );
}
