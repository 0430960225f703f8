import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { AGENT_MESSAGES, agentProfileSchema } from "@shared/validators/agents";
import { DialogForm } from "@/components/dialog-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { useDialogForm } from "@/hooks/use-dialog-form";
import { toast } from "@/hooks/use-toast";
import { useCreateAgentProfile } from "@/features/agents/api/agent-dashboard";

type FormValues = z.input<typeof agentProfileSchema>;
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
  const form = useDialogForm({
    resolver: zodResolver(agentProfileSchema),
    empty: EMPTY,
    fields: ["businessName", "licenseNumber", "businessAddress", "businessPhone", "website"],
    onOpenChange,
  });
  const { register } = form;
  const { errors, isSubmitting } = form.formState;
  const submit = form.submitWith(
    async (values) => {
      await create.mutateAsync(values);
      toast({ title: "Profile Created", description: values.businessName, variant: "success" });
      form.reset(EMPTY);
      onOpenChange(false);
    },
    () => AGENT_MESSAGES.profileFailed,
  );
  return (
    <Dialog open={open} onOpenChange={form.close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Create Agent Profile</DialogTitle>
          <DialogDescription>
            Your business as your clients will see it. An administrator verifies it.
          </DialogDescription>
        </DialogHeader>
        <DialogForm
          label="Create agent profile"
          onSubmit={submit}
          isSubmitting={isSubmitting}
          error={errors.root?.message}
          onCancel={() => form.close(false)}
          submitLabel="Create Profile"
          pendingLabel="Creating..."
        >
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
        </DialogForm>
      </DialogContent>
    </Dialog>
  );
}
