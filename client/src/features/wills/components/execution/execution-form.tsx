import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Save } from "lucide-react";
import type { WillExecutionDto } from "@shared/api-types";
import {
  saveExecutionSchema,
  type SaveExecutionFormValues,
  type SaveExecutionInput,
} from "@shared/validators/will-executions";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/form-field";
import { toast } from "@/hooks/use-toast";
import { useSaveExecution } from "@/features/wills/api/save-execution";
import { WitnessFields } from "@/features/wills/components/execution/witness-fields";
import { describeFailure } from "@/lib/describe-failure";
import { applyServerErrors } from "@/lib/form-errors";

const FIELDS = ["testatorName", "testatorAddress", "place", "signedOn", "originalLocation", "witnesses"] as const;

const emptyWitness = { fullName: "", address: "", occupation: "", email: "", spouseName: "" };

function defaults(record: WillExecutionDto | null, testatorName: string): SaveExecutionFormValues {
  const witness = (i: number) => ({ ...emptyWitness, ...record?.witnesses[i] });
  return {
    testatorName: record?.testatorName ?? testatorName,
    testatorAddress: record?.testatorAddress ?? "",
    place: record?.place ?? "",
    signedOn: record?.signedOn ?? "",
    originalLocation: record?.originalLocation ?? "",
    witnesses: [witness(0), witness(1)],
  };
}

type Props = { willId: number; record: WillExecutionDto | null; testatorName: string };

/** The execution details of the current will version; remount it (key) when the record changes. */
export function ExecutionForm({ willId, record, testatorName }: Props) {
  const save = useSaveExecution(willId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SaveExecutionFormValues, unknown, SaveExecutionInput>({
    resolver: zodResolver(saveExecutionSchema),
    defaultValues: defaults(record, testatorName),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast({ title: "Execution Details Saved", description: "Print the will once the details are right." });
    } catch (error) {
      applyServerErrors(error, FIELDS, setError);
      toast({ title: "Failed to Save Execution Details", description: describeFailure(error), variant: "destructive" });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="execution-form-title" className="grid gap-4">
      <h2 id="execution-form-title" className="text-lg font-semibold">
        Who signs, who witnesses, where
      </h2>
      <fieldset disabled={isSubmitting} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Your full name" error={errors.testatorName?.message} {...register("testatorName")} />
          <TextField label="Your address" error={errors.testatorAddress?.message} {...register("testatorAddress")} />
          <TextField label="Place of signing" error={errors.place?.message} {...register("place")} />
          <TextField
            label="Date of signing (optional)"
            type="date"
            error={errors.signedOn?.message}
            {...register("signedOn")}
          />
        </div>
        <WitnessFields index={0} register={register} errors={errors} />
        <WitnessFields index={1} register={register} errors={errors} />
        <TextField
          label="Where the signed original will be kept (optional)"
          placeholder="With my lawyer at …"
          error={errors.originalLocation?.message}
          {...register("originalLocation")}
        />
        <Button type="submit" className="w-fit">
          <Save aria-hidden="true" />
          {isSubmitting ? "Saving..." : "Save Execution Details"}
        </Button>
      </fieldset>
    </form>
  );
}
