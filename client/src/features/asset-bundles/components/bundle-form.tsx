import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { AssetIndexItem } from "@shared/api-types";
import type { AssetBundleDto } from "@shared/trigger-types";
import { createBundleSchema, type CreateBundleInput } from "@shared/validators/triggers";
import { Button } from "@/components/ui/button";
import { FormError, TextField } from "@/components/ui/form-field";
import { parseApiError } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";
import { itemKey, itemKindOf } from "@/features/asset-bundles/lib/item-kinds";

type Values = z.input<typeof createBundleSchema>;
type Props = {
  bundle?: AssetBundleDto;
  assets: AssetIndexItem[];
  onSubmit: (values: CreateBundleInput) => Promise<void>;
  onCancel: () => void;
};

/** Name, description and the assets of any kind the bundle holds. */
export function BundleForm({ bundle, assets, onSubmit, onCancel }: Props) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, CreateBundleInput>({
    resolver: zodResolver(createBundleSchema),
    defaultValues: { name: bundle?.name ?? "", description: bundle?.description ?? "", items: bundle?.items ?? [] },
  });
  const chosen = new Set((getValues("items") ?? []).map((i) => itemKey({ kind: i.kind, id: Number(i.id) })));

  const toggle = (asset: AssetIndexItem, on: boolean) => {
    const item = { kind: itemKindOf(asset.kind), id: asset.id };
    const rest = (getValues("items") ?? []).filter(
      (i) => itemKey({ kind: i.kind, id: Number(i.id) }) !== itemKey(item),
    );
    setValue("items", on ? [...rest, item] : rest);
  };

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      if (!applyServerErrors(error, ["name", "description", "items"], setError))
        setError("root", { message: parseApiError(error).message });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Bundle">
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <TextField label="Bundle name" error={errors.name?.message} {...register("name")} />
        <TextField label="Description (optional)" error={errors.description?.message} {...register("description")} />
        <fieldset className="grid max-h-64 gap-2 overflow-y-auto rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">Assets in this bundle</legend>
          {assets.length === 0 ? <p className="text-sm text-muted-foreground">No assets added yet</p> : null}
          {assets.map((a) => (
            <label key={`${a.kind}:${a.id}`} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                defaultChecked={chosen.has(itemKey({ kind: itemKindOf(a.kind), id: a.id }))}
                onChange={(e) => toggle(a, e.target.checked)}
              />
              {a.title} <span className="text-muted-foreground">({a.kind.replace(/_/g, " ")})</span>
            </label>
          ))}
        </fieldset>
        <FormError message={errors.items?.message ?? errors.root?.message} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">{isSubmitting ? "Saving..." : bundle ? "Save Bundle" : "Create Bundle"}</Button>
        </div>
      </fieldset>
    </form>
  );
}
