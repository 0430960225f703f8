import { Archive, FolderLock, HeartHandshake, UserCheck, type LucideIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

type Feature = { title: string; text: string; icon: LucideIcon };

/** Spec 000 §2: the four feature cards. */
const FEATURES: readonly Feature[] = [
  {
    title: "Asset Management",
    text: "Upload documents, photos and videos, and record online accounts, intellectual property, financial and physical assets in one organised inventory.",
    icon: FolderLock,
  },
  {
    title: "Beneficiary System",
    text: "Name the people who matter, assign each asset to the right person, and keep a digital will that always reflects your wishes.",
    icon: HeartHandshake,
  },
  {
    title: "Trusted Parties",
    text: "Authorise people you trust to confirm when it is time, so your assets are released through verification and never by accident.",
    icon: UserCheck,
  },
  {
    title: "Backup & Export",
    text: "Download your complete plan as JSON, PDF or ZIP whenever you like. Your data is yours, and you can always take it with you.",
    icon: Archive,
  },
];

export function FeatureGrid() {
  return (
    <section aria-labelledby="features-heading" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="max-w-2xl">
        <h2 id="features-heading" className="text-3xl font-bold tracking-tight">
          Everything your family will need, in one place
        </h2>
        <p className="mt-4 text-lg text-muted-foreground">
          Planning a digital estate should not be a burden. Heirloom guides you through it step by step.
        </p>
      </div>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ title, text, icon: Icon }) => (
          <li key={title}>
            <Card className="h-full transition-shadow hover:shadow-md">
              <CardHeader>
                <span className="mb-2 flex size-11 items-center justify-center rounded-lg bg-muted text-primary">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <CardTitle asChild>
                  <h3>{title}</h3>
                </CardTitle>
              </CardHeader>
              <CardContent>
                <CardDescription className="leading-relaxed">{text}</CardDescription>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
