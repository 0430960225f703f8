import { useId, useRef, useState } from "react";
import { Controller, useForm, type DefaultValues } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { UPLOAD_CATEGORIES, humanize } from "@shared/asset-types";
import { uploadFieldsSchema, type UploadFieldsInput } from "@shared/validators/assets";
import { Button } from "@/components/ui/button";
import { DialogFooter } from "@/components/ui/dialog";
import { FormField, fieldAria } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { parseApiError } from "@/lib/api-client";
import { useUploadAssets } from "@/features/assets/api/upload-assets";
import { checkFiles } from "@/features/assets/lib/check-files";
import { BeneficiarySelect } from "@/components/beneficiary-select";
import { FilePicker } from "@/features/assets/components/file-picker";
import { SelectField } from "@/components/ui/select-field";
import { UploadFileList, type UploadItem } from "@/features/assets/components/upload-file-list";

type UploadFormValues = z.input<typeof uploadFieldsSchema>;

const CATEGORY_OPTIONS = UPLOAD_CATEGORIES.map((c) => ({ value: c, label: humanize(c) }));
const DEFAULTS: DefaultValues<UploadFormValues> = { category: undefined, description: "", assignedToBeneficiary: "" };

type UploadFormProps = { onUploaded: () => void; onCancel: () => void; onBusyChange: (isBusy: boolean) => void };

/** Category, files, optional description and beneficiary (spec 000 §2, §5); resets after a full success. */
export function UploadForm({ onUploaded, onCancel, onBusyChange }: UploadFormProps) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const nextKey = useRef(1);
  const descriptionId = useId();
  const upload = useUploadAssets();
  const { register, control, handleSubmit, reset, formState } = useForm<UploadFormValues, unknown, UploadFieldsInput>({
    resolver: zodResolver(uploadFieldsSchema),
    defaultValues: DEFAULTS,
  });
  const { errors, isSubmitting } = formState;
  const pending = items.filter((item) => item.status !== "done");
  const patch = (key: number, change: Partial<UploadItem>) =>
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  function addFiles(files: File[]) {
    const { accepted, problems: found } = checkFiles(files, pending.length);
    setProblems(found);
    setItems((current) => [
      ...current,
      ...accepted.map((file) => ({ key: nextKey.current++, file, progress: 0, status: "queued" as const })),
    ]);
  }

  function warnNoFiles() {
    toast({
      title: "No Files Selected",
      description: "Please select at least one file to upload.",
      variant: "destructive",
    });
  }

  const submit = handleSubmit(
    async (fields) => {
      if (pending.length === 0) return warnNoFiles();
      onBusyChange(true);
      try {
        await upload.mutateAsync({
          files: pending.map((item) => item.file),
          fields,
          onFileProgress: (i, fraction) => patch(pending[i].key, { status: "uploading", progress: fraction * 100 }),
          onFileDone: (i) => patch(pending[i].key, { status: "done", progress: 100 }),
        });
        toast({
          title: "Assets Uploaded",
          description: "Your digital assets have been successfully uploaded.",
          variant: "success",
        });
        reset(DEFAULTS);
        setItems([]);
        setProblems([]);
        onUploaded();
      } catch (error) {
        setItems((current) => current.map((it) => (it.status === "uploading" ? { ...it, status: "failed" } : it)));
        const description = parseApiError(error).message || "Failed to upload assets.";
        toast({ title: "Upload Failed", description, variant: "destructive" });
      } finally {
        onBusyChange(false);
      }
    },
    () => {
      if (pending.length === 0) warnNoFiles();
    },
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Upload digital assets">
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <SelectField
          label="Category"
          options={CATEGORY_OPTIONS}
          emptyOption="Select a category"
          aria-required
          error={errors.category?.message}
          {...register("category", { setValueAs: (v: string) => (v === "" ? undefined : v) })}
        />
        <FilePicker onPick={addFiles} problems={problems} />
        <UploadFileList items={items} onRemove={(key) => setItems((c) => c.filter((it) => it.key !== key))} />
        <FormField id={descriptionId} label="Description (optional)" error={errors.description?.message}>
          <Textarea
            rows={2}
            className="min-h-16"
            {...register("description")}
            {...fieldAria(descriptionId, errors.description?.message)}
          />
        </FormField>
        <Controller
          control={control}
          name="assignedToBeneficiary"
          render={({ field: { value, ...rest } }) => (
            <BeneficiarySelect
              {...rest}
              value={value == null ? "" : String(value)}
              label="Assign to beneficiary (optional)"
              error={errors.assignedToBeneficiary?.message}
            />
          )}
        />
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">
            {isSubmitting ? "Uploading..." : pending.length > 1 ? `Upload ${pending.length} Files` : "Upload"}
          </Button>
        </DialogFooter>
      </fieldset>
    </form>
  );
}
