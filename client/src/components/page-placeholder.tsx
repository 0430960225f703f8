import type { ReactNode } from "react";
import { Hammer } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";

type PagePlaceholderProps = {
  title: string;
  /** One line on what the area will do once it is finished. */
  description: string;
  children?: ReactNode;
};

/** A titled page for an area that later work fills in. */
export function PagePlaceholder({ title, description, children }: PagePlaceholderProps) {
  return (
    <div className="grid gap-6">
      <title>{`${title} · Heirloom`}</title>
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        <p className="mt-2 max-w-2xl text-muted-foreground">{description}</p>
      </div>
      <Card>
        <CardContent className="flex items-start gap-4 pt-6">
          <span className="rounded-full bg-muted p-3 text-primary">
            <Hammer className="size-5" aria-hidden="true" />
          </span>
          <p className="text-sm text-muted-foreground">
            This area is being built. It will appear here in an upcoming release.
          </p>
        </CardContent>
      </Card>
      {children}
    </div>
  );
}
