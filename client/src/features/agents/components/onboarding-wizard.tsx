import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useLocation } from "wouter";
import { zodResolver } from "@hookform/resolvers/zod";
import { hasSecondFactor } from "@shared/second-factor";
import { registerSchema } from "@shared/validators/auth";
import {
  AGENT_MESSAGES,
  COMMISSION_DEFAULT,
  COMMISSION_MAX,
  COMMISSION_MIN,
  agentOnboardingRequestSchema,
  potentialEarnings,
} from "@shared/validators/agents";
import { Button } from "@/components/ui/button";
import { FieldError, FormError, TextField } from "@/components/ui/form-field";
import { paths, twoFactorSetupHref } from "@/config/paths";
import { toast } from "@/hooks/use-toast";
import { useOnboardAgent, type OnboardAgentInput } from "@/features/agents/api/onboard-agent";
import { BusinessStep, PracticeStep } from "@/features/agents/components/onboarding-steps";

export const STEP_TITLES = ["Business Information", "Practice Areas & Specializations", "Terms & Commission"] as const;
const STEP_FIELDS = [
  ["account", "businessName", "licenseNumber", "businessAddress", "businessPhone", "website", "yearsExperience"],
  ["practiceAreas", "specializations", "clientCapacity"],
  ["commissionRate", "agreeToTerms"],
] as const;
const DEFAULTS: OnboardAgentInput = {
  businessName: "",
  licenseNumber: "",
  practiceAreas: [],
  specializations: [],
  businessAddress: "",
  businessPhone: "",
  website: "",
  yearsExperience: 1,
  clientCapacity: 10,
  commissionRate: COMMISSION_DEFAULT,
  agreeToTerms: false as true,
};
/** Signed out, the account is part of the form (contract: the onboarding signs up a new agent). */
const withAccountSchema = agentOnboardingRequestSchema.extend({ account: registerSchema });

/** Spec 001 §2 agent onboarding: three steps, live potential earnings, submit disabled until the form is valid. */
export function OnboardingWizard({ signedIn }: { signedIn: boolean }) {
  const [step, setStep] = useState(0);
  const [, navigate] = useLocation();
  const onboard = useOnboardAgent();
  const form = useForm<OnboardAgentInput>({
    resolver: zodResolver(signedIn ? agentOnboardingRequestSchema : withAccountSchema),
    defaultValues: signedIn
      ? DEFAULTS
      : { ...DEFAULTS, account: { email: "", password: "", firstName: "", lastName: "" } },
    mode: "onChange",
  });
  const { register, handleSubmit, trigger, control, setError, formState } = form;
  const { errors, isSubmitting, isValid } = formState;
  const [capacity, rate] = useWatch({ control, name: ["clientCapacity", "commissionRate"] });
  const earnings = potentialEarnings(Number(capacity) || 0, Number(rate) || 0);

  const next = async () => {
    if (await trigger([...STEP_FIELDS[step]])) setStep((s) => Math.min(s + 1, 2));
  };
  const submit = handleSubmit(async (values) => {
    try {
      const { user } = await onboard.mutateAsync(values);
      toast({ title: "Profile Created", description: values.businessName, variant: "success" });
      navigate(hasSecondFactor(user) ? paths.agentDashboard.getHref() : twoFactorSetupHref());
    } catch {
      toast({
        title: AGENT_MESSAGES.onboardingFailedTitle,
        description: AGENT_MESSAGES.onboardingFailed,
        variant: "destructive",
      });
      setError("root", { message: AGENT_MESSAGES.onboardingFailed });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Agent onboarding" className="grid gap-6">
      <div>
        <p className="text-sm text-muted-foreground">Step {step + 1} of 3</p>
        <h2 className="text-xl font-semibold">{STEP_TITLES[step]}</h2>
      </div>
      <fieldset disabled={isSubmitting} className="grid gap-6">
        {step === 0 ? <BusinessStep register={register} errors={errors} withAccount={!signedIn} /> : null}
        {step === 1 ? <PracticeStep register={register} errors={errors} /> : null}
        {step === 2 ? (
          <div className="grid gap-4">
            <TextField
              label={`Commission rate (${COMMISSION_MIN}–${COMMISSION_MAX} %)`}
              type="number"
              step="0.5"
              min={COMMISSION_MIN}
              max={COMMISSION_MAX}
              error={errors.commissionRate?.message}
              {...register("commissionRate")}
            />
            <p role="status" className="rounded-md bg-muted p-3 text-sm">
              Potential monthly earnings: <strong>${earnings}</strong> (clients × $29.99 × rate ÷ 100)
            </p>
            <p className="text-sm text-muted-foreground">
              Payouts are automatic through our card payment provider on the 1st of each month.
            </p>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" {...register("agreeToTerms")} aria-describedby="agent-terms-error" />I agree to the
              agent terms and commission structure
            </label>
            <FieldError id="agent-terms" message={errors.agreeToTerms?.message} />
          </div>
        ) : null}
        <FormError message={errors.root?.message} />
        <div className="flex justify-between gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={step === 0}
            onClick={() => setStep((s) => Math.max(s - 1, 0))}
          >
            Previous
          </Button>
          {step < 2 ? (
            <Button type="button" onClick={() => void next()}>
              Next
            </Button>
          ) : (
            <Button type="submit" disabled={!isValid || isSubmitting}>
              {isSubmitting ? "Submitting..." : "Complete Onboarding"}
            </Button>
          )}
        </div>
      </fieldset>
    </form>
  );
}
