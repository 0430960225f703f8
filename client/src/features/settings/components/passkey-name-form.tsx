import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { passkeyNameFormSchema, type PasskeyNameInput } from "@shared/validators/passkeys";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";

type PasskeyNameFormProps = {
  defaultName?: string;
  submitLabel: string;
  pendingLabel: string;
  /** Answers a message to show under the name when it did not work, or nothing. */
  onSubmit: (input: PasskeyNameInput) => Promise<string | undefined>;
  onCancel: () => void;
};

/** The one form for naming a passkey, when adding it and when renaming it. */
export function PasskeyNameForm({
  defaultName = "",
  submitLabel,
  pendingLabel,
  onSubmit,
  onCancel,
}: PasskeyNameFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PasskeyNameInput>({ resolver: zodResolver(passkeyNameFormSchema), defaultValues: { name: defaultName } });

  const submit = handleSubmit(async (values) => {
    const failure = await onSubmit(values);
    if (failure) setError("name", { type: "server", message: failure });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Passkey name">
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <TextField
          label="Name"
          hint="The device or key that keeps it, such as “Work laptop” or “Blue security key”."
          autoComplete="off"
          autoFocus
          error={errors.name?.message}
          {...register("name")}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">{isSubmitting ? pendingLabel : submitLabel}</Button>
        </div>
      </fieldset>
    </form>
  );
}
