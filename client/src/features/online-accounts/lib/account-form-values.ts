import type { DefaultValues } from "react-hook-form";
import type { z } from "zod";
import type { createOnlineAccountSchema } from "@shared/validators/assets";
import type { TypedAssetPayload } from "@/lib/typed-assets";
import type { OnlineAccount } from "@/features/online-accounts/lib/account-display";
import { field, priorityOf } from "@/features/online-accounts/lib/account-display";

export type AccountFormValues = z.input<typeof createOnlineAccountSchema>;

const TEXT_FIELDS = [
  "accountName",
  "platform",
  "username",
  "email",
  "passwordHint",
  "recoveryInfo",
  "twoFactorInfo",
  "accountValue",
  "instructions",
] as const;

/** Every field of the form, for matching the server's per-field errors. */
export const ACCOUNT_FIELDS: readonly (keyof AccountFormValues)[] = [
  ...TEXT_FIELDS,
  "accountType",
  "priority",
  "assignedToBeneficiary",
];

/** Spec 001 §5: priority starts at medium, the beneficiary at "No assignment"; accountType starts unchosen. */
export function accountDefaults(account?: OnlineAccount): DefaultValues<AccountFormValues> {
  const values: DefaultValues<AccountFormValues> = {
    accountType: (account && field(account, "accountType")) || undefined,
    priority: account ? priorityOf(account) : "medium",
    assignedToBeneficiary: account?.assignedToBeneficiary == null ? "" : String(account.assignedToBeneficiary),
  };
  for (const name of TEXT_FIELDS) values[name] = (account && field(account, name)) ?? "";
  return values;
}

/** Empty fields were dropped by the schema; on an edit, one that had a value is sent as null so it clears. */
export function accountPayload(parsed: TypedAssetPayload, account?: OnlineAccount): TypedAssetPayload {
  if (!account) return parsed;
  const payload: TypedAssetPayload = { ...parsed };
  for (const name of TEXT_FIELDS) {
    if (payload[name] === undefined && field(account, name) !== null) payload[name] = null;
  }
  return payload;
}
