import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { MapPin } from "lucide-react";
import { originalLocationSchema, type OriginalLocationInput } from "@shared/validators/will-executions";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { toast } from "@/hooks/use-toast";
import { useUpdateLocation } from "@/features/wills/api/save-execution";
import { describeFailure } from "@/lib/describe-failure";
import { applyServerErrors } from "@/lib/form-errors";

type Props = { willId: number; current: string | null };

/** Where the signed original is kept ("with my lawyer at …"): the family needs the paper, not the scan. */
export function LocationDialog({ willId, current }: Props) {
  const [open, setOpen] = useState(false);
  const update = useUpdateLocation(willId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<OriginalLocationInput>({
    resolver: zodResolver(originalLocationSchema),
    defaultValues: { originalLocation: current ?? "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast({ title: "Location Saved", description: "Your family will know where to find the original." });
      setOpen(false);
    } catch (error) {
      applyServerErrors(error, ["originalLocation"], setError);
      toast({ title: "Failed to Save Location", description: describeFailure(error), variant: "destructive" });
    }
  });

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) reset({ originalLocation: current ?? "" });
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="w-fit">
          <MapPin aria-hidden="true" />
          {current ? "Change Where It Is Kept" : "Say Where It Is Kept"}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Where is the signed original?</DialogTitle>
          <DialogDescription>For example: with my lawyer at Ɛsi &amp; Co., 4 High Street, Accra.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <fieldset disabled={isSubmitting} className="grid gap-4">
            <TextField label="Kept at" error={errors.originalLocation?.message} {...register("originalLocation")} />
            <DialogFooter>
              <Button type="submit">{isSubmitting ? "Saving..." : "Save Location"}</Button>
            </DialogFooter>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
