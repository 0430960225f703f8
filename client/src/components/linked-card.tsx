import type { ReactNode } from "react";
import { Link } from "wouter";
import { ArrowRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/**
 * A dashboard card: its heading, a link to the full screen ("View all", "Manage all"), and a body of a fixed
 * minimum height, marked busy while it loads, so the cards under it never move.
 */
export function LinkedCard({
  id,
  title,
  href,
  linkLabel,
  busy,
  bodyClassName,
  children,
}: {
  id: string;
  title: string;
  href: string;
  linkLabel: string;
  busy: boolean;
  /** The body's minimum height (Tailwind classes): as tall as the loaded content. */
  bodyClassName: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id}>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle asChild>
          <h2 id={id}>{title}</h2>
        </CardTitle>
        <Button asChild variant="ghost" size="sm">
          <Link href={href}>
            {linkLabel}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </CardHeader>
      <CardContent>
        <div aria-busy={busy} className={`flex flex-col ${bodyClassName}`}>
          {children}
        </div>
      </CardContent>
    </Card>
  );
}
