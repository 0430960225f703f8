import type { FieldError, FieldValues, Path, Resolver, UseFormSetError } from "react-hook-form";
import { parseApiError } from "@/lib/api-client";

/**
 * Puts the server's per-field messages (a 400's `errors`, contract "Bodies and status codes") under the matching
 * inputs; the notice with the overall message is the caller's. Answers whether any message found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  let isPlaced = false;
  for (const fieldError of parseApiError(error).errors) {
    const field = fields.find((name) => name === fieldError.path);
    if (!field) continue;
    setError(field, { type: "server", message: fieldError.message });
    isPlaced = true;
  }
  return isPlaced;
}

export type RequiredField<T extends FieldValues> = { name: Path<T>; message: string };

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/**
 * Some shared schemas check their required fields in a final transform (the online-account schema), which zod only
 * runs once every other field is valid. So that a user sees every problem at once, an empty required field is also
 * reported, with the schema's own message, whenever the schema rejected the form for another reason.
 */
export function withRequiredFields<T extends FieldValues, TOutput>(
  resolver: Resolver<T, unknown, TOutput>,
  required: readonly RequiredField<T>[],
): Resolver<T, unknown, TOutput> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const errors: Record<string, unknown> = { ...result.errors };
    for (const { name, message } of required) {
      if (!errors[name] && isEmpty((values as Record<string, unknown>)[name]))
        errors[name] = { type: "required", message } satisfies FieldError;
    }
    return { values: {}, errors: errors as typeof result.errors };
  };
}
