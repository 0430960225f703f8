import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { AGENT_MESSAGES, inviteClientSchema } from "@shared/validators/agents";
import { DialogForm } from "@/components/dialog-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { useDialogForm } from "@/hooks/use-dialog-form";
import { toast } from "@/hooks/use-toast";
import { useInviteClient } from "@/features/agents/api/agent-dashboard";
import { parseApiError } from "@/lib/api-client";

type FormValues = z.input<typeof inviteClientSchema>;
const EMPTY: FormValues = { email: "", firstName: "", lastName: "" };

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** A refusal the agent can act on (no profile, the plan) is said as the server says it; anything else, the spec's. */
function inviteFailure(error: unknown): string {
  const { status, message } = parseApiError(error);
  return status === 400 || status === 403 ? message : AGENT_MESSAGES.inviteFailed;
}

/** Spec 001 §5 "Invite client": the e-mail is required. The link is shown here once, then never again. */
export function InviteClientDialog({ open, onOpenChange }: Props) {
  const invite = useInviteClient();
  const [link, setLink] = useState<string | null>(null);
  const form = useDialogForm({
    resolver: zodResolver(inviteClientSchema),
    empty: EMPTY,
    fields: ["email", "firstName", "lastName"],
    onOpenChange: (next) => {
      if (!next) setLink(null);
      onOpenChange(next);
    },
  });
  const { register } = form;
  const { errors, isSubmitting } = form.formState;
  const submit = form.submitWith(async (values) => {
    const created = await invite.mutateAsync(values);
    toast({ title: "Invitation Sent", description: values.email, variant: "success" });
    setLink(created.inviteUrl);
    form.reset(EMPTY);
  }, inviteFailure);
  return (
    <Dialog open={open} onOpenChange={form.close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Invite Client</DialogTitle>
          <DialogDescription>
            We e-mail them a link valid for 5 days. You will see their profile, never their estate.
          </DialogDescription>
        </DialogHeader>
        {link ? (
          <div role="status" className="grid gap-2 text-sm">
            <p className="font-medium">Invitation sent. You can also share this link; it is shown only once:</p>
            <code className="break-all rounded-md bg-muted p-2">{link}</code>
            <Button variant="outline" onClick={() => setLink(null)}>
              Invite another client
            </Button>
          </div>
        ) : (
          <DialogForm
            label="Invite client"
            onSubmit={submit}
            isSubmitting={isSubmitting}
            error={errors.root?.message}
            onCancel={() => form.close(false)}
            submitLabel="Send Invitation"
            pendingLabel="Sending..."
          >
            <TextField label="Email" type="email" error={errors.email?.message} {...register("email")} />
            <TextField label="First name (optional)" error={errors.firstName?.message} {...register("firstName")} />
            <TextField label="Last name (optional)" error={errors.lastName?.message} {...register("lastName")} />
          </DialogForm>
        )}
      </DialogContent>
    </Dialog>
  );
}
