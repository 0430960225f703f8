import type { Resolver } from "react-hook-form";
import type { AssetFormValues, AssetPayload } from "@/features/assets/lib/form-values";

type RequiredField = { name: string; message: string };

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "");
}

/**
 * The online-account schema checks accountName/accountType in a final transform, which zod only runs once every
 * other field is valid. So that a user sees every problem at once, an empty required field is also reported
 * (with the schema's own message) whenever the schema rejected the form for another reason.
 */
export function withRequiredFields(
  resolver: Resolver<AssetFormValues, unknown, AssetPayload>,
  required: readonly RequiredField[],
): Resolver<AssetFormValues, unknown, AssetPayload> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (Object.keys(result.errors).length === 0) return result;
    const errors = { ...result.errors };
    for (const { name, message } of required) {
      if (!errors[name] && isEmpty(values[name])) errors[name] = { type: "required", message };
    }
    return { values: {}, errors };
  };
}
