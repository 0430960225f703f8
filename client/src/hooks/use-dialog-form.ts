import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from "react-hook-form";
import { applyServerErrors } from "@/lib/form-errors";

type DialogFormOptions<TIn extends FieldValues, TOut> = {
  /** `zodResolver(<the route's own shared schema>)`. */
  resolver: Resolver<TIn, unknown, TOut>;
  /** What the form starts from, and goes back to when the dialog closes. */
  empty: DefaultValues<TIn>;
  /** The fields a 400's `errors` may name: their messages land under them. */
  fields: readonly Path<TIn>[];
  onOpenChange: (open: boolean) => void;
};

/**
 * A form in a dialog (STYLE.md: Radix Dialog → form → fieldset disabled while it is sent, reset on close): react-hook-form
 * on the shared schema, plus `submitWith` (a refusal's field messages under their fields, anything else above the
 * buttons) and `close`, the dialog's `onOpenChange` (ignored while the form is sent; closing resets it).
 */
export function useDialogForm<TIn extends FieldValues, TOut>({
  resolver,
  empty,
  fields,
  onOpenChange,
}: DialogFormOptions<TIn, TOut>) {
  const form = useForm<TIn, unknown, TOut>({ resolver, defaultValues: empty });
  const { handleSubmit, setError, reset, formState } = form;

  const submitWith = (send: (values: TOut) => Promise<void>, failure: (error: unknown) => string) =>
    handleSubmit(async (values) => {
      try {
        await send(values);
      } catch (error) {
        if (!applyServerErrors(error, fields, setError)) setError("root", { message: failure(error) });
      }
    });

  const close = (next: boolean) => {
    if (formState.isSubmitting) return;
    if (!next) reset(empty);
    onOpenChange(next);
  };

  return { ...form, submitWith, close };
}
