import { Link } from "wouter";
import { PublicLayout } from "@/components/layouts/public-layout";
import { paths } from "@/config/paths";

const SECTIONS = [
  {
    heading: "What we collect",
    body: "Your name, e-mail address and password (stored only as a secure hash), the records and files you add, the beneficiaries and trusted parties you name, and basic technical logs needed to keep the service running and secure.",
  },
  {
    heading: "How we use it",
    body: "Only to provide Heirloom to you: to store and protect your plan, to send the e-mails you expect (verification, password reset, invitations), to bill your plan and to release assets to your beneficiaries under the conditions you set. We do not sell your data or use it for advertising.",
  },
  {
    heading: "How we protect it",
    body: "Connections are encrypted, sensitive fields are encrypted at rest, and every record is scoped to its owner. Agents and administrators see metadata such as counts and sizes, never the contents of your files or secrets.",
  },
  {
    heading: "Who we share it with",
    body: "The beneficiaries and trusted parties you choose, when your instructions say so; and the service providers we need to run Heirloom (hosting, e-mail delivery, payments), under contracts that bind them to the same standards.",
  },
  {
    heading: "Your rights",
    body: "You can see, correct and export your data at any time from Backup & Export. Contact us to close your account and have your data deleted, or to learn what we hold about you.",
  },
  {
    heading: "Cookies",
    body: "We use a single session cookie to keep you signed in. We use no advertising or tracking cookies.",
  },
] as const;

export function PrivacyPage() {
  return (
    <PublicLayout>
      <title>Privacy Policy · Heirloom</title>
      <article className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight">Privacy Policy</h1>
        <p className="mt-3 text-muted-foreground">
          Your estate plan is among the most personal things you can write down. This policy explains what we keep and
          why. See also our{" "}
          <Link href={paths.terms.getHref()} className="font-medium text-primary underline underline-offset-4">
            Terms of Service
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
