import { useId, useState, type FormEvent } from "react";
import { Upload } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FormError, FormField, fieldAria } from "@/components/ui/form-field";
import { Input } from "@/components/ui/input";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/hooks/use-toast";
import { useUploadScan } from "@/features/wills/api/upload-scan";
import { describeFailure } from "@/lib/describe-failure";

const ACCEPT = ".pdf,.jpg,.jpeg,.png";
const HINT = "A PDF scan or a photo (JPG or PNG) of every signed page, up to 100 MB.";

/** Uploads the signed pages; the record becomes executed and replaces any earlier executed will. */
export function ScanUploadForm({ willId }: { willId: number }) {
  const inputId = useId();
  const upload = useUploadScan(willId);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    if (!file) return setError("Choose the scan or photo of the signed pages");
    setError(undefined);
    setProgress(0);
    try {
      await upload.mutateAsync({ file, onProgress: setProgress });
      toast({ title: "Will Recorded as Executed", description: "The signed pages are stored encrypted." });
    } catch (err) {
      setFailure(describeFailure(err));
    } finally {
      setProgress(null);
    }
  }

  const isUploading = progress !== null;
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-label="Upload the signed will" className="grid gap-3">
      <fieldset disabled={isUploading} className="grid gap-3">
        <FormField id={inputId} label="Signed pages" error={error} hint={HINT}>
          <Input
            type="file"
            accept={ACCEPT}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            {...fieldAria(inputId, error, HINT)}
          />
        </FormField>
        {isUploading ? <Progress value={progress * 100} label="Upload progress" /> : null}
        <FormError message={failure} />
        <Button type="submit" className="w-fit">
          <Upload aria-hidden="true" />
          {isUploading ? "Uploading..." : "Upload Signed Will"}
        </Button>
      </fieldset>
    </form>
  );
}
