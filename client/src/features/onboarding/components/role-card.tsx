import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";

type RoleCardProps = {
  icon: LucideIcon;
  title: string;
  description: string;
  /** What the role brings, one line each. */
  points: readonly string[];
  /** The card's action: a button, or the Request Admin form. */
  children: ReactNode;
};

/** One role on the role selection screen; its title is a heading, so the three cards read as sections. */
export function RoleCard({ icon: Icon, title, description, points, children }: RoleCardProps) {
  const headingId = `role-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card aria-labelledby={headingId} role="region" className="flex flex-col">
      <CardHeader>
        <span className="mb-2 w-fit rounded-full bg-muted p-3 text-primary">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <CardTitle asChild>
          <h2 id={headingId}>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-6">
        <ul className="grid list-disc gap-1 pl-5 text-sm text-muted-foreground">
          {points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <div className="mt-auto">{children}</div>
      </CardContent>
    </Card>
  );
}
