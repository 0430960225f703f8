import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { DeathVerificationRequestDto } from "@shared/death-verification";
import {
  DEATH_VERIFICATION_MESSAGES,
  appealDeathVerificationSchema,
  type AppealDeathVerificationInput,
} from "@shared/validators/death-verification";
import { SubmitDialogFooter } from "@/components/form-dialog-footer";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormError, FormField, fieldAria } from "@/components/ui/form-field";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/hooks/use-toast";
import { parseApiError } from "@/lib/api-client";
import { describeFailure } from "@/lib/describe-failure";
import { applyServerErrors } from "@/lib/form-errors";
import { formatDateTime } from "@/lib/format";
import { useAppealDeathVerification } from "@/features/death-verification/api/requests";

function AppealForm({ request, onDone }: { request: DeathVerificationRequestDto; onDone: () => void }) {
  const appeal = useAppealDeathVerification(request.id);
  const id = useId();
  const hint = "Up to 2,000 characters. You can add more evidence to the request after sending the appeal.";
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AppealDeathVerificationInput>({
    resolver: zodResolver(appealDeathVerificationSchema),
    defaultValues: { reason: "" },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await appeal.mutateAsync(values);
      toast({ title: "Appeal sent", description: DEATH_VERIFICATION_MESSAGES.appealed, variant: "success" });
      onDone();
    } catch (error) {
      if (!applyServerErrors(error, ["reason"], setError)) {
        setError("root", { message: parseApiError(error).message || describeFailure(error) });
      }
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Appeal the decision">
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <FormField id={id} label="Why should the reviewers look again?" error={errors.reason?.message} hint={hint}>
          <Textarea rows={5} {...register("reason")} {...fieldAria(id, errors.reason?.message, hint)} />
        </FormField>
        <FormError message={errors.root?.message} />
        <SubmitDialogFooter
          onCancel={onDone}
          isSubmitting={isSubmitting}
          label="Send appeal"
          pendingLabel="Sending..."
        />
      </fieldset>
    </form>
  );
}

/**
 * "Appeal" on a request an admin rejected, for its requestor until the deadline (the server decides `canAppeal`): one
 * appeal, with a reason; the request goes back to the reviewers and the decision after it is final.
 */
export function AppealDialog({ request }: { request: DeathVerificationRequestDto }) {
  const [open, setOpen] = useState(false);
  if (!request.canAppeal) return null;
  return (
    <>
      <div className="flex flex-wrap items-center gap-2">
        <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
          Appeal
        </Button>
        {request.appealDeadline ? (
          <span className="text-muted-foreground">You may appeal until {formatDateTime(request.appealDeadline)}.</span>
        ) : null}
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Appeal the decision</DialogTitle>
            <DialogDescription>
              The request about {request.subjectName} goes back to the reviewers with your reason. You can appeal once:
              the decision after it is final.
            </DialogDescription>
          </DialogHeader>
          {open ? <AppealForm request={request} onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
