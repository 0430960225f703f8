import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { AGENT_MESSAGES, agentProfileSchema, type AgentProfileInput } from "@shared/validators/agents";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormError, TextField } from "@/components/ui/form-field";
import { toast } from "@/hooks/use-toast";
import { useCreateAgentProfile } from "@/features/agents/api/agent-dashboard";
import { applyServerErrors } from "@/lib/form-errors";

type FormValues = z.input<typeof agentProfileSchema>;
const FIELDS = ["businessName", "licenseNumber", "businessAddress", "businessPhone", "website"] as const;
const EMPTY: FormValues = {
  businessName: "",
  licenseNumber: "",
  businessAddress: "",
  businessPhone: "",
  website: "",
  practiceAreas: [],
};

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** Spec 001 §5 "Agent profile quick form": only the business name is required. */
export function CreateProfileDialog({ open, onOpenChange }: Props) {
  const create = useCreateAgentProfile();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, AgentProfileInput>({
    resolver: zodResolver(agentProfileSchema),
    defaultValues: EMPTY,
  });
  const submit = handleSubmit(async (values) => {
    try {
      await create.mutateAsync(values);
      toast({ title: "Profile Created", description: values.businessName, variant: "success" });
      reset(EMPTY);
      onOpenChange(false);
    } catch (error) {
      if (!applyServerErrors(error, FIELDS, setError)) setError("root", { message: AGENT_MESSAGES.profileFailed });
    }
  });
  const close = (next: boolean) => {
    if (isSubmitting) return;
    if (!next) reset(EMPTY);
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Agent Profile</DialogTitle>
          <DialogDescription>
            Your business as your clients will see it. An administrator verifies it.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate aria-label="Create agent profile">
          <fieldset disabled={isSubmitting} className="grid gap-4">
            <TextField label="Business name" error={errors.businessName?.message} {...register("businessName")} />
            <TextField label="License number" error={errors.licenseNumber?.message} {...register("licenseNumber")} />
            <TextField
              label="Business address"
              error={errors.businessAddress?.message}
              {...register("businessAddress")}
            />
            <TextField
              label="Business phone"
              type="tel"
              error={errors.businessPhone?.message}
              {...register("businessPhone")}
            />
            <TextField label="Website" type="url" error={errors.website?.message} {...register("website")} />
            <FormError message={errors.root?.message} />
            <Button type="submit">{isSubmitting ? "Creating..." : "Create Profile"}</Button>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  );
}
