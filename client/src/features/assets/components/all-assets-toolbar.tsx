import { useId } from "react";
import { Search } from "lucide-react";
import { ASSET_KINDS, type AssetKind } from "@shared/asset-types";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { KIND_DISPLAY } from "@/features/assets/lib/kind-display";
import { SelectField } from "@/components/ui/select-field";

const KIND_OPTIONS = KIND_DISPLAY.map(({ kind }) => ({ value: kind, label: ASSET_KINDS[kind].label }));

type AllAssetsToolbarProps = {
  search: string;
  onSearchChange: (value: string) => void;
  kind: AssetKind | "";
  onKindChange: (kind: AssetKind | "") => void;
};

function isAssetKind(value: string): value is AssetKind {
  return value in ASSET_KINDS;
}

/** Search by name or title, and narrow to one asset type. */
export function AllAssetsToolbar({ search, onSearchChange, kind, onKindChange }: AllAssetsToolbarProps) {
  const searchId = useId();
  return (
    <div role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <div className="grid flex-1 gap-2">
        <Label htmlFor={searchId}>Search assets</Label>
        <div className="relative">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            placeholder="Search by name or title"
            value={search}
            onChange={(event) => onSearchChange(event.target.value)}
          />
        </div>
      </div>
      <SelectField
        label="Type"
        containerClassName="sm:w-60"
        options={KIND_OPTIONS}
        emptyOption="All types"
        value={kind}
        onChange={(event) => onKindChange(isAssetKind(event.target.value) ? event.target.value : "")}
      />
    </div>
  );
}
