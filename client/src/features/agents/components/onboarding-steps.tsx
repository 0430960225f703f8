import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { PRACTICE_AREAS, SPECIALIZATIONS } from "@shared/validators/agents";
import { FieldError, TextField } from "@/components/ui/form-field";
import type { OnboardAgentInput } from "@/features/agents/api/onboard-agent";

type StepProps = { register: UseFormRegister<OnboardAgentInput>; errors: FieldErrors<OnboardAgentInput> };

/** Step 1 (spec 001 §2): the account (signed-out visitors only) and the business. */
export function BusinessStep({ register, errors, withAccount }: StepProps & { withAccount: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {withAccount ? (
        <>
          <TextField label="First name" error={errors.account?.firstName?.message} {...register("account.firstName")} />
          <TextField label="Last name" error={errors.account?.lastName?.message} {...register("account.lastName")} />
          <TextField label="Email" type="email" error={errors.account?.email?.message} {...register("account.email")} />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            error={errors.account?.password?.message}
            {...register("account.password")}
          />
        </>
      ) : null}
      <TextField label="Business name" error={errors.businessName?.message} {...register("businessName")} />
      <TextField label="License number" error={errors.licenseNumber?.message} {...register("licenseNumber")} />
      <TextField label="Business address" error={errors.businessAddress?.message} {...register("businessAddress")} />
      <TextField
        label="Business phone"
        type="tel"
        error={errors.businessPhone?.message}
        {...register("businessPhone")}
      />
      <TextField label="Website (optional)" type="url" error={errors.website?.message} {...register("website")} />
      <TextField
        label="Years of experience"
        type="number"
        min={1}
        error={errors.yearsExperience?.message}
        {...register("yearsExperience")}
      />
    </div>
  );
}

function CheckList({
  legend,
  name,
  options,
  register,
  error,
}: {
  legend: string;
  name: "practiceAreas" | "specializations";
  options: readonly string[];
  register: StepProps["register"];
  error?: string;
}) {
  const id = `agent-${name}`;
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input type="checkbox" value={option} {...register(name)} />
            {option}
          </label>
        ))}
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}

/** Step 2: practice areas (at least one), specializations and the expected client capacity. */
export function PracticeStep({ register, errors }: StepProps) {
  return (
    <div className="grid gap-6">
      <CheckList
        legend="Practice areas"
        name="practiceAreas"
        options={PRACTICE_AREAS}
        register={register}
        error={errors.practiceAreas?.message}
      />
      <CheckList legend="Specializations" name="specializations" options={SPECIALIZATIONS} register={register} />
      <TextField
        label="Expected client capacity"
        type="number"
        min={1}
        error={errors.clientCapacity?.message}
        {...register("clientCapacity")}
      />
    </div>
  );
}
