import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { TrustedForDto } from "@shared/api-types";
import {
  DEATH_VERIFICATION_MESSAGES,
  createDeathVerificationRequestSchema,
  type CreateDeathVerificationRequestInput,
} from "@shared/validators/death-verification";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormError } from "@/components/ui/form-field";
import { SelectField } from "@/components/ui/select-field";
import { toast } from "@/hooks/use-toast";
import { describeFailure } from "@/lib/describe-failure";
import { parseApiError } from "@/lib/api-client";
import { useCreateDeathVerificationRequest } from "@/features/death-verification/api/requests";

type FormValues = z.input<typeof createDeathVerificationRequestSchema>;

/**
 * "Report a death" for a trusted party allowed to: choose whom, confirm. The spec's checks are asked for; the status,
 * score and waiting period are the server's.
 */
function ReportDeathRequestForm({ people, onDone }: { people: TrustedForDto[]; onDone: () => void }) {
  const create = useCreateDeathVerificationRequest();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, CreateDeathVerificationRequestInput>({
    resolver: zodResolver(createDeathVerificationRequestSchema),
    defaultValues: {
      requestorType: "trusted_party",
      ghanaHealthServiceCheck: true,
      birthsDeathsRegistryCheck: true,
      familyConfirmation: true,
    },
  });
  const submit = handleSubmit(async (values) => {
    // The shared schema lets the subject out (the owner's rehearsal); here a person must be chosen.
    if (values.subjectUserId === undefined) {
      setError("subjectUserId", { message: DEATH_VERIFICATION_MESSAGES.subject });
      return;
    }
    try {
      await create.mutateAsync(values);
      toast({ title: "Success", description: DEATH_VERIFICATION_MESSAGES.created, variant: "success" });
      onDone();
    } catch (error) {
      toast({
        title: "Error",
        description: `${DEATH_VERIFICATION_MESSAGES.createFailed}: ${describeFailure(error)}`,
        variant: "destructive",
      });
      setError("root", { message: parseApiError(error).message || DEATH_VERIFICATION_MESSAGES.createFailed });
    }
  });
  const options = people.map((p) => ({ value: String(p.ownerId), label: p.ownerName }));
  return (
    <form onSubmit={submit} noValidate aria-label="Report a death">
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <SelectField
          label="Who has died?"
          options={options}
          emptyOption="Select a person"
          error={errors.subjectUserId?.message}
          {...register("subjectUserId", { setValueAs: (v: string) => (v === "" ? undefined : Number(v)) })}
        />
        <p className="text-sm text-muted-foreground">
          They are told at once on every channel: if they are alive, signing in stops the request. Their other trusted
          parties are asked to confirm, and our team checks the Ghana Health Service and the Births &amp; Deaths
          Registry before anything happens.
        </p>
        <FormError message={errors.root?.message} />
        <Button type="submit">{isSubmitting ? "Sending..." : "Send report"}</Button>
      </fieldset>
    </form>
  );
}

/** The button and dialog, shown only when the user may report about someone. */
export function ReportDeathDialog({ people }: { people: TrustedForDto[] }) {
  const [open, setOpen] = useState(false);
  const allowed = people.filter((p) => p.canInitiateDeathVerification);
  if (allowed.length === 0) return null;
  return (
    <>
      <Button variant="destructive" className="w-fit" onClick={() => setOpen(true)}>
        Report a death
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Report a death</DialogTitle>
            <DialogDescription>Start a death verification for someone who named you.</DialogDescription>
          </DialogHeader>
          {open ? <ReportDeathRequestForm people={allowed} onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
