import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import { AGENT_MESSAGES, inviteClientSchema, type InviteClientInput } from "@shared/validators/agents";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FormError, TextField } from "@/components/ui/form-field";
import { toast } from "@/hooks/use-toast";
import { useInviteClient } from "@/features/agents/api/agent-dashboard";
import { parseApiError } from "@/lib/api-client";
import { applyServerErrors } from "@/lib/form-errors";

type FormValues = z.input<typeof inviteClientSchema>;
const FIELDS = ["email", "firstName", "lastName"] as const;
const EMPTY: FormValues = { email: "", firstName: "", lastName: "" };

type Props = { open: boolean; onOpenChange: (open: boolean) => void };

/** Spec 001 §5 "Invite client": the e-mail is required. The link is shown here once, then never again. */
export function InviteClientDialog({ open, onOpenChange }: Props) {
  const invite = useInviteClient();
  const [link, setLink] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, InviteClientInput>({
    resolver: zodResolver(inviteClientSchema),
    defaultValues: EMPTY,
  });
  const submit = handleSubmit(async (values) => {
    try {
      const created = await invite.mutateAsync(values);
      toast({ title: "Invitation Sent", description: values.email, variant: "success" });
      setLink(created.inviteUrl);
      reset(EMPTY);
    } catch (error) {
      if (!applyServerErrors(error, FIELDS, setError)) {
        const { status, message } = parseApiError(error);
        setError("root", { message: status === 400 || status === 403 ? message : AGENT_MESSAGES.inviteFailed });
      }
    }
  });
  const close = (next: boolean) => {
    if (isSubmitting) return;
    if (!next) {
      reset(EMPTY);
      setLink(null);
    }
    onOpenChange(next);
  };
  return (
    <Dialog open={open} onOpenChange={close}>
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
          <form onSubmit={submit} noValidate aria-label="Invite client">
            <fieldset disabled={isSubmitting} className="grid gap-4">
              <TextField label="Email" type="email" error={errors.email?.message} {...register("email")} />
              <TextField label="First name (optional)" error={errors.firstName?.message} {...register("firstName")} />
              <TextField label="Last name (optional)" error={errors.lastName?.message} {...register("lastName")} />
              <FormError message={errors.root?.message} />
              <Button type="submit">{isSubmitting ? "Sending..." : "Send Invitation"}</Button>
            </fieldset>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
