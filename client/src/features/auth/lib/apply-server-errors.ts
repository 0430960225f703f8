import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { parseApiError } from "@/lib/api-client";

/**
 * Puts the server's per-field messages (a 400's `errors`, contract "Bodies and status codes")
 * under the matching inputs; the notice with the overall message comes from the mutation.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): void {
  const { errors } = parseApiError(error);
  for (const fieldError of errors) {
    const field = fields.find((name) => name === fieldError.path);
    if (field) setError(field, { type: "server", message: fieldError.message });
  }
}
