import type { Resolver } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { ASSET_MESSAGES, createOnlineAccountSchema } from "@shared/validators/assets";
import type { OnlineAccountPayload } from "@/features/online-accounts/api/create-online-account";
import type { AccountFormValues } from "@/features/online-accounts/lib/account-form-values";

const schemaResolver = zodResolver(createOnlineAccountSchema);

/**
 * createOnlineAccountSchema checks accountName/accountType in a final transform, which zod only runs once every
 * other field is valid. So that every problem shows at once, an empty name or type is also reported (with the
 * schema's own messages) whenever the schema rejected the form for another reason, e.g. a malformed e-mail.
 */
export const accountResolver: Resolver<AccountFormValues, unknown, OnlineAccountPayload> = async (
  values,
  context,
  options,
) => {
  const result = await schemaResolver(values, context, options);
  if (Object.keys(result.errors).length === 0) return result;
  const errors = { ...result.errors };
  if (!errors.accountName && !values.accountName?.trim()) {
    errors.accountName = { type: "required", message: ASSET_MESSAGES.accountName };
  }
  if (!errors.accountType && !values.accountType) {
    errors.accountType = { type: "required", message: ASSET_MESSAGES.accountType };
  }
  return { values: {}, errors };
};
