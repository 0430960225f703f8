import { useState } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { ShieldCheck } from "lucide-react";
import { promoteAdminSchema, type PromoteAdminInput } from "@shared/validators/auth";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { toast } from "@/hooks/use-toast";
import { useRequestAdmin } from "@/features/onboarding/api/request-admin";
import { parseApiError } from "@/lib/api-client";
import { RoleCard } from "./role-card";

/** Spec 001 §8: the failure notice's text when the server gives none. */
const NOT_ELIGIBLE = "You are not eligible for admin privileges.";

/**
 * Request Admin: asks the server, which grants admin only to eligible accounts or, on a new installation, to the
 * holder of the one-time set-up token (the rule itself is not shown, spec 001 §6). Granted, the user is moved on to
 * the admin dashboard a second later.
 */
export function RequestAdminCard({ disabled = false }: { disabled?: boolean }) {
  const requestAdmin = useRequestAdmin();
  const [isGranted, setIsGranted] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PromoteAdminInput>({ resolver: zodResolver(promoteAdminSchema), defaultValues: { setupToken: "" } });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await requestAdmin.mutateAsync(input);
      setIsGranted(true);
      toast({
        title: "Admin Access Granted",
        description: "You are now an administrator. Opening the admin dashboard...",
        variant: "success",
      });
    } catch (error) {
      toast({
        title: "Admin Promotion Failed",
        description: parseApiError(error).message || NOT_ELIGIBLE,
        variant: "destructive",
      });
    }
  });

  return (
    <RoleCard
      icon={ShieldCheck}
      title="Request Admin"
      description="Oversee users and agents across the platform."
      points={["See platform statistics", "Manage users and verify agents", "Granted to eligible accounts only"]}
    >
      <form onSubmit={onSubmit} noValidate aria-label="Request admin access">
        <fieldset disabled={disabled || isSubmitting || isGranted} className="grid gap-4">
          <TextField
            label="Set-up token"
            autoComplete="off"
            spellCheck={false}
            hint="Only when setting up a new installation: the one-time token the server printed at start-up."
            error={errors.setupToken?.message}
            {...register("setupToken")}
          />
          <Button type="submit" variant="outline" className="w-full">
            {isSubmitting ? "Requesting..." : "Request Admin"}
          </Button>
        </fieldset>
      </form>
    </RoleCard>
  );
}
