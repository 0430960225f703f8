import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { TypedAssetDto } from "@shared/api-types";
import type { TypedAssetKind } from "@shared/asset-types";
import { createTypedAssetSchemas } from "@shared/validators/assets";
import { FormDialogFooter } from "@/components/form-dialog-footer";
import { applyServerErrors, withRequiredFields } from "@/lib/form-errors";
import { ASSET_FORMS } from "@/features/assets/lib/asset-form-config";
import {
  defaultValuesFor,
  toPayload,
  type AssetFormValues,
  type AssetPayload,
} from "@/features/assets/lib/form-values";
import { AssetField } from "@/features/assets/components/asset-field";

type TypedAssetFormProps = {
  kind: TypedAssetKind;
  /** Present when editing: the form starts with its values. */
  asset?: TypedAssetDto;
  /** Rejects when the write failed; the form then shows the server's per-field messages. */
  onSubmit: (payload: AssetPayload) => Promise<void>;
  onCancel: () => void;
};

/** Add and edit share this form; the kind's create schema (the server's own) validates it. */
export function TypedAssetForm({ kind, asset, onSubmit, onCancel }: TypedAssetFormProps) {
  const config = ASSET_FORMS[kind];
  const schema: z.ZodType<AssetPayload, AssetFormValues> = createTypedAssetSchemas[kind];
  const required = config.fields.flatMap((f) =>
    f.requiredMessage ? [{ name: f.name, message: f.requiredMessage }] : [],
  );
  const form = useForm<AssetFormValues, unknown, AssetPayload>({
    resolver: withRequiredFields(zodResolver(schema), required),
    defaultValues: defaultValuesFor(config, asset),
  });
  const {
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = form;
  const isEditing = asset !== undefined;

  const submit = handleSubmit(async (parsed) => {
    try {
      await onSubmit(toPayload(config, parsed, asset));
    } catch (error) {
      applyServerErrors(
        error,
        config.fields.map((field) => field.name),
        setError,
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={`${isEditing ? "Edit" : "Add"} ${config.noun.toLowerCase()}`}>
      <fieldset disabled={isSubmitting} className="grid gap-6">
        <div className="grid items-start gap-4 sm:grid-cols-2">
          {config.fields.map((field) => (
            <AssetField key={field.name} field={field} form={form} />
          ))}
        </div>
        <FormDialogFooter
          onCancel={onCancel}
          isSubmitting={isSubmitting}
          isEditing={isEditing}
          addLabel="Add Asset"
          editLabel="Save Changes"
        />
      </fieldset>
    </form>
  );
}
