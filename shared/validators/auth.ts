import { z } from "zod";
import { requiredText } from "./common";

/** Messages are the spec's own (spec 000 §5); the forms and the routes use these same objects. */
export const AUTH_MESSAGES = {
  email: "Please enter a valid email address",
  passwordMin: "Password must be at least 8 characters",
  passwordRule: "Password must contain at least one uppercase letter, one lowercase letter, and one number",
  passwordMax: "Password must be at most 256 characters",
  confirm: "Passwords don't match",
  firstName: "First name is required",
  lastName: "Last name is required",
} as const;

export const PASSWORD_MIN = 8;
/** Long passphrases are welcome; the cap only stops hashing-cost abuse. */
export const PASSWORD_MAX = 256;
export const NAME_MAX = 100;

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.email })
  .trim()
  .toLowerCase()
  .max(254, { error: AUTH_MESSAGES.email })
  .email({ error: AUTH_MESSAGES.email });

const passwordRule = z
  .string({ error: AUTH_MESSAGES.passwordMin })
  .min(PASSWORD_MIN, { error: AUTH_MESSAGES.passwordMin })
  .max(PASSWORD_MAX, { error: AUTH_MESSAGES.passwordMax })
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p), {
    error: AUTH_MESSAGES.passwordRule,
  });

/** A first or last name: required, invisible characters stripped, at most NAME_MAX. */
export const nameSchema = (message: string) => requiredText(message, NAME_MAX);

export const loginSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: AUTH_MESSAGES.passwordMin })
    .min(PASSWORD_MIN, { error: AUTH_MESSAGES.passwordMin })
    .max(PASSWORD_MAX, { error: AUTH_MESSAGES.passwordMax }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const USER_TYPES_SELF_SERVICE = ["client", "agent"] as const;

const registerFields = {
  email: emailSchema,
  password: passwordRule,
  firstName: nameSchema(AUTH_MESSAGES.firstName),
  lastName: nameSchema(AUTH_MESSAGES.lastName),
  userType: z.enum(USER_TYPES_SELF_SERVICE, { error: "Account type must be client or agent" }).default("client"),
};

/** The API schema: confirmPassword is optional (the second sign-in variant omits it) but must match when sent. */
export const registerSchema = z
  .object({ ...registerFields, confirmPassword: z.string().optional() })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    error: AUTH_MESSAGES.confirm,
    path: ["confirmPassword"],
  });
export type RegisterInput = z.infer<typeof registerSchema>;

/** The first sign-in variant's form, where the confirm field is required. */
export const registerWithConfirmSchema = z
  .object({ ...registerFields, confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.password, {
    error: AUTH_MESSAGES.confirm,
    path: ["confirmPassword"],
  });
export type RegisterWithConfirmInput = z.infer<typeof registerWithConfirmSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema });

export const resetPasswordSchema = z.object({
  token: z.string().min(20).max(200),
  password: passwordRule,
});

export const verifyEmailSchema = z.object({ token: z.string().min(20).max(200) });

/** The Request Admin card's set-up token, trimmed: it is pasted from the console or the setup-token file's line. */
export const promoteAdminSchema = z.object({ setupToken: z.string().trim().max(200).optional() });
export type PromoteAdminInput = z.infer<typeof promoteAdminSchema>;

/** Step-up before an export (contract): a password confirmation within the last 15 minutes. */
export const reauthSchema = z.object({
  password: z
    .string({ error: "Enter your password" })
    .min(1, { error: "Enter your password" })
    .max(PASSWORD_MAX, { error: AUTH_MESSAGES.passwordMax }),
});
export type ReauthInput = z.infer<typeof reauthSchema>;

/** The 401 a step-up route answers when the last sign-in or password confirmation is older than 15 minutes. */
export const REAUTH_REQUIRED_MESSAGE =
  "Please confirm your password: exports need a sign-in or a password confirmation within the last 15 minutes.";
