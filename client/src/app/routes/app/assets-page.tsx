import { useState } from "react";
import { Upload } from "lucide-react";
import type { AssetKind, TypedAssetKind } from "@shared/asset-types";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { BundlesTab } from "@/features/asset-bundles/components/bundles-tab";
import { AllAssetsTab } from "@/features/assets/components/all-assets-tab";
import { AssetTypesTab } from "@/features/assets/components/asset-types-tab";
import { TypedAssetDialog } from "@/features/assets/components/typed-asset-dialog";
import { UploadDialog } from "@/features/assets/components/upload-dialog";

type AssetsTab = "types" | "all" | "bundles";

/** /assets (spec 000 §2): the seven asset types with their add dialogs, and every asset in one list. */
export function AssetsPage() {
  const [tab, setTab] = useState<AssetsTab>("types");
  const [isUploadOpen, setIsUploadOpen] = useState(false);
  const [addingKind, setAddingKind] = useState<TypedAssetKind | null>(null);

  function add(kind: AssetKind) {
    if (kind === "digital_files") setIsUploadOpen(true);
    else setAddingKind(kind);
  }

  return (
    <div className="grid gap-6">
      <title>Assets · Heirloom</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">Assets</h1>
          <p className="mt-2 max-w-2xl text-muted-foreground">
            Catalogue your files, accounts and belongings, and decide who receives each of them.
          </p>
        </div>
        <Button onClick={() => setIsUploadOpen(true)}>
          <Upload aria-hidden="true" />
          Upload Files
        </Button>
      </div>

      <Tabs value={tab} onValueChange={(value) => setTab(value === "all" || value === "bundles" ? value : "types")}>
        <TabsList className="w-full sm:w-auto">
          <TabsTrigger value="types">Asset Types</TabsTrigger>
          <TabsTrigger value="all">All Assets</TabsTrigger>
          <TabsTrigger value="bundles">Bundles</TabsTrigger>
        </TabsList>
        <TabsContent value="types">
          <AssetTypesTab onAdd={add} />
        </TabsContent>
        <TabsContent value="all">
          <AllAssetsTab onUpload={() => setIsUploadOpen(true)} onAdd={() => setTab("types")} />
        </TabsContent>
        <TabsContent value="bundles">
          <BundlesTab />
        </TabsContent>
      </Tabs>

      <UploadDialog open={isUploadOpen} onOpenChange={setIsUploadOpen} />
      {addingKind ? (
        <TypedAssetDialog kind={addingKind} open onOpenChange={(open) => !open && setAddingKind(null)} />
      ) : null}
    </div>
  );
}
