import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { DOCUMENT_TYPES } from "@shared/death-verification";
import { uploadDocumentSchema } from "@shared/validators/death-verification";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-field";
import { SelectField } from "@/components/ui/select-field";
import { toast } from "@/hooks/use-toast";
import { parseApiError } from "@/lib/api-client";
import { useUploadEvidence } from "@/features/death-verification/api/requests";

type FormValues = z.input<typeof uploadDocumentSchema>;
const OPTIONS = DOCUMENT_TYPES.map((value) => ({ value, label: value.replace(/_/g, " ") }));

/** The requestor adds evidence (PDF, JPG or PNG, stored encrypted): the document type and the file. */
export function EvidenceForm({ requestId }: { requestId: number }) {
  const upload = useUploadEvidence(requestId);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, z.output<typeof uploadDocumentSchema>>({
    resolver: zodResolver(uploadDocumentSchema),
    defaultValues: { documentType: "" as FormValues["documentType"] },
  });
  const submit = handleSubmit(async (values, event) => {
    const input = (event?.target as HTMLFormElement | undefined)?.elements.namedItem("file") as HTMLInputElement | null;
    const file = input?.files?.[0];
    if (!file) {
      setError("root", { message: "Choose a file to upload" });
      return;
    }
    try {
      await upload.mutateAsync({ documentType: values.documentType, file });
      toast({ title: "Evidence added", description: `${file.name} was uploaded.`, variant: "success" });
      reset();
      if (input) input.value = "";
    } catch (error) {
      setError("root", { message: parseApiError(error).message || "We could not upload the file." });
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Add evidence" className="grid gap-3">
      <fieldset disabled={isSubmitting} className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Document type"
          options={OPTIONS}
          emptyOption="Select a type"
          error={errors.documentType?.message}
          {...register("documentType")}
        />
        <label className="grid gap-1 text-sm font-medium">
          File (PDF, JPG or PNG)
          <input name="file" type="file" accept=".pdf,.jpg,.jpeg,.png" className="text-sm" />
        </label>
        <FormError message={errors.root?.message} />
        <Button type="submit" variant="outline" className="w-fit sm:col-span-2">
          {isSubmitting ? "Uploading..." : "Upload evidence"}
        </Button>
      </fieldset>
    </form>
  );
}
