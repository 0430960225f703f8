import type { ReactNode } from "react";
import { FolderOpen } from "lucide-react";
import { Card, CardContent } from "@/components/ui/card";

type AssetsEmptyStateProps = { title: string; text: string; children: ReactNode };

/** The list's empty state (no assets at all, or none matching the filters) with its next steps. */
export function AssetsEmptyState({ title, text, children }: AssetsEmptyStateProps) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-12 text-center">
        <span className="rounded-full bg-muted p-4 text-primary">
          <FolderOpen className="size-8" aria-hidden="true" />
        </span>
        <div className="grid gap-1">
          <h3 className="text-lg font-semibold">{title}</h3>
          <p className="max-w-md text-sm text-muted-foreground">{text}</p>
        </div>
        <div className="flex flex-wrap justify-center gap-2">{children}</div>
      </CardContent>
    </Card>
  );
}
