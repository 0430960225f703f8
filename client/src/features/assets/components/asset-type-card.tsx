import { Plus, Upload, type LucideIcon } from "lucide-react";
import { ASSET_KINDS, humanize, type AssetKind } from "@shared/asset-types";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";

type AssetTypeCardProps = {
  kind: AssetKind;
  icon: LucideIcon;
  blurb: string;
  /** undefined while loading or when the count could not be read. */
  count: number | undefined;
  onAdd: () => void;
};

/** One of the seven type cards: count, categories and an Add (or Upload) button. */
export function AssetTypeCard({ kind, icon: Icon, blurb, count, onAdd }: AssetTypeCardProps) {
  const { label, categories } = ASSET_KINDS[kind];
  const isFiles = kind === "digital_files";
  return (
    <Card className="flex flex-col">
      <CardHeader className="flex-row items-start gap-3">
        <span className="rounded-md bg-muted p-2 text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="grid flex-1 gap-1">
          <CardTitle asChild>
            <h3 className="text-base">{label}</h3>
          </CardTitle>
          <CardDescription>{blurb}</CardDescription>
        </div>
        <p className="text-right">
          <span className="block text-2xl leading-none font-bold tabular-nums">{count ?? "–"}</span>
          <span className="text-xs text-muted-foreground">{count === 1 ? "item" : "items"}</span>
        </p>
      </CardHeader>
      <CardContent className="flex-1">
        <ul aria-label={`${label} categories`} className="flex flex-wrap gap-1.5">
          {categories.map((category) => (
            <li key={category}>
              <Badge variant="secondary" className="font-medium">
                {humanize(category)}
              </Badge>
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter>
        <Button variant="outline" className="w-full" onClick={onAdd}>
          {isFiles ? <Upload aria-hidden="true" /> : <Plus aria-hidden="true" />}
          {isFiles ? "Upload" : "Add"}
          <span className="sr-only"> {label}</span>
        </Button>
      </CardFooter>
    </Card>
  );
}
