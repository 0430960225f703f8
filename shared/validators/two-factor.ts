import { z } from "zod";
import { TWO_FACTOR_REQUIRED_FOR_ROLE } from "../api-types";
import { PASSWORD_MAX } from "./auth";

/** Messages of two-factor sign-in (issue 15); the forms and the routes use these same objects. */
export const TWO_FACTOR_MESSAGES = {
  code: "Enter the 6-digit code from your authenticator app",
  recoveryCode: "Enter one of your recovery codes",
  wrongCode: "The code is not correct, or it was already used.",
  password: "Enter your password",
  signInExpired: "Your sign-in took too long. Please enter your e-mail and password again.",
  alreadyOn: "Two-factor sign-in is already on.",
  notOn: "Two-factor sign-in is not on.",
  setupExpired: "This set-up has expired. Start again and scan the new QR code.",
  requiredForRole: TWO_FACTOR_REQUIRED_FOR_ROLE,
} as const;

/** A code from the authenticator app: six digits (spaces the user typed between groups are dropped). */
export const totpCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.code })
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, { error: TWO_FACTOR_MESSAGES.code }));

/** A recovery code as printed (`abcde-fghij`), in any case, with or without the dash and spaces. */
export const recoveryCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.recoveryCode })
  .transform((v) => v.toLowerCase().replace(/[\s-]+/g, ""))
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, { error: TWO_FACTOR_MESSAGES.recoveryCode }));

/** POST /api/2fa/totp/enable: the first code from the app confirms the set-up. */
export const enableTotpSchema = z.object({ code: totpCodeSchema });
export type EnableTotpInput = z.input<typeof enableTotpSchema>;

/** Either proof: an app code or a recovery code, told apart by their shapes. */
const anyCodeSchema = z
  .string({ error: TWO_FACTOR_MESSAGES.code })
  .max(64, { error: TWO_FACTOR_MESSAGES.code })
  .transform((v, ctx) => {
    const totp = totpCodeSchema.safeParse(v);
    if (totp.success) return { code: totp.data };
    const recovery = recoveryCodeSchema.safeParse(v);
    if (recovery.success) return { recoveryCode: recovery.data };
    ctx.addIssue({ code: "custom", message: TWO_FACTOR_MESSAGES.code });
    return z.NEVER;
  });

/** POST /api/2fa/disable: the password and a code (from the app, or a recovery code when the phone is gone). */
export const disableTwoFactorSchema = z.object({
  password: z
    .string({ error: TWO_FACTOR_MESSAGES.password })
    .min(1, { error: TWO_FACTOR_MESSAGES.password })
    .max(PASSWORD_MAX, { error: TWO_FACTOR_MESSAGES.password }),
  code: anyCodeSchema,
});
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorSchema>;

/** POST /api/login/2fa: exactly one of the two. */
export const secondFactorSchema = z
  .object({ code: totpCodeSchema.optional(), recoveryCode: recoveryCodeSchema.optional() })
  .refine((v) => (v.code === undefined) !== (v.recoveryCode === undefined), {
    error: TWO_FACTOR_MESSAGES.code,
    path: ["code"],
  });
export type SecondFactorInput = z.input<typeof secondFactorSchema>;
/** What the server checks: an app code or a normalised recovery code (exactly one is set). */
export type SecondFactorProof = { code?: string; recoveryCode?: string };

/** The answers of the two-factor routes (contract "Account security"). */
export type TotpSetupResponse = { otpauthUrl: string; secret: string };
export type RecoveryCodesResponse = { recoveryCodes: string[] };
export type TwoFactorRequiredResponse = { twoFactorRequired: true };
