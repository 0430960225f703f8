import { useId } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Save } from "lucide-react";
import type { z } from "zod";
import type { WillDto } from "@shared/api-types";
import { saveWillSchema } from "@shared/validators/wills";
import { Button } from "@/components/ui/button";
import { fieldAria, FormField, TextField } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { useSaveWill } from "@/features/wills/api/save-will";
import { describeFailure } from "@/lib/describe-failure";
import { applyServerErrors } from "@/lib/form-errors";

type WillFormValues = z.input<typeof saveWillSchema>;
const FIELDS = ["title", "content"] as const;

/** Writes a new version of the will, starting from the current one; remount it (key) when that changes. */
export function WillForm({ current }: { current: WillDto | null }) {
  const contentId = useId();
  const saveWill = useSaveWill();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<WillFormValues, unknown, z.output<typeof saveWillSchema>>({
    resolver: zodResolver(saveWillSchema),
    defaultValues: { title: current?.title ?? "", content: current?.content ?? "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await saveWill.mutateAsync(values);
      toast({ title: "Digital Will Saved", description: "This version is now your current will.", variant: "success" });
    } catch (error) {
      applyServerErrors(error, FIELDS, setError);
      toast({ title: "Failed to Save Digital Will", description: describeFailure(error), variant: "destructive" });
    }
  });

  const contentError = errors.content?.message;
  const contentHint = "At least 10 characters. Line breaks are kept.";
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="will-form-title" className="grid gap-4">
      <div>
        <h2 id="will-form-title" className="text-lg font-semibold">
          {current ? "Update Your Will" : "Write Your Will"}
        </h2>
        <p className="text-sm text-muted-foreground">
          {current
            ? "Edit the text below. Saving creates a new version and archives the current one."
            : "Give your will a title and write its content."}
        </p>
      </div>
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <TextField label="Title" autoComplete="off" error={errors.title?.message} {...register("title")} />
        <FormField id={contentId} label="Content" error={contentError} hint={contentHint}>
          <Textarea rows={14} {...register("content")} {...fieldAria(contentId, contentError, contentHint)} />
        </FormField>
        <Button type="submit" className="w-fit">
          <Save aria-hidden="true" />
          {isSubmitting ? "Saving..." : "Save & Activate Will"}
        </Button>
      </fieldset>
    </form>
  );
}
