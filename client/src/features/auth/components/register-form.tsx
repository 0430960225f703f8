import { FormProvider, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";
import type { PublicUser } from "@shared/api-types";
import { registerSchema } from "@shared/validators/auth";
import { useAuth } from "@/lib/auth";
import { SignUpFields } from "@/features/auth/components/sign-up-fields";
import { applyServerErrors } from "@/lib/form-errors";

type RegisterFormValues = z.input<typeof registerSchema>;

/** Sign-up for the second sign-in variant: no confirm field (spec 000 §5). */
export function RegisterForm({ onSuccess }: { onSuccess?: (user: PublicUser) => void }) {
  const { registerMutation } = useAuth();
  const form = useForm<RegisterFormValues, unknown, z.output<typeof registerSchema>>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: "", lastName: "", email: "", password: "", userType: "client" },
  });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const user = await registerMutation.mutateAsync(values);
      onSuccess?.(user);
    } catch (error) {
      applyServerErrors<RegisterFormValues>(
        error,
        ["firstName", "lastName", "email", "password", "userType"],
        form.setError,
      );
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label="Sign up">
        <SignUpFields />
      </form>
    </FormProvider>
  );
}
