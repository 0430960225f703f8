import { z } from "zod";
import { AUTH_MESSAGES, emailSchema, nameSchema, PASSWORD_MAX, registerSchema } from "./auth";
import { optionalPhone } from "./phone";

/** Messages of the settings screen (issue 15); the forms and the routes use these same objects. */
export const ACCOUNT_MESSAGES = {
  currentPassword: "Enter your current password",
  wrongPassword: "The password is not correct.",
  samePassword: "Choose a password different from your current one.",
  sameEmail: "This is already your e-mail address.",
  noPassword: "Your account signs in with Google and has no password. Set one with \u201cForgot password\u201d first.",
  deleteConfirmation: 'Type "DELETE" to confirm.',
} as const;

/** The text the delete-account form asks the user to type. */
export const DELETE_CONFIRMATION_TEXT = "DELETE";

const currentPassword = z
  .string({ error: ACCOUNT_MESSAGES.currentPassword })
  .min(1, { error: ACCOUNT_MESSAGES.currentPassword })
  .max(PASSWORD_MAX, { error: AUTH_MESSAGES.passwordMax });

/** The same password rules as sign-up. */
const newPassword = registerSchema.shape.password;

export const changePasswordSchema = z
  .object({ currentPassword, newPassword })
  .refine((v) => v.currentPassword !== v.newPassword, { error: ACCOUNT_MESSAGES.samePassword, path: ["newPassword"] });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The form adds a confirmation field; the API takes the two fields above. */
export const changePasswordFormSchema = z
  .object({ currentPassword, newPassword, confirmPassword: z.string() })
  .refine((v) => v.currentPassword !== v.newPassword, { error: ACCOUNT_MESSAGES.samePassword, path: ["newPassword"] })
  .refine((v) => v.confirmPassword === v.newPassword, { error: AUTH_MESSAGES.confirm, path: ["confirmPassword"] });
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

export const changeEmailSchema = z.object({ password: currentPassword, newEmail: emailSchema });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

export const emailChangeTokenSchema = z.object({ token: z.string().min(20).max(200) });

export const deleteAccountSchema = z.object({ password: currentPassword });
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const deleteAccountFormSchema = z.object({
  password: currentPassword,
  confirmation: z
    .string()
    .refine((v): boolean => v.trim() === DELETE_CONFIRMATION_TEXT, { error: ACCOUNT_MESSAGES.deleteConfirmation }),
});
export type DeleteAccountFormInput = z.infer<typeof deleteAccountFormSchema>;

/**
 * PATCH /api/user: names and the owner's mobile number (texted the inactivity warnings; "" or null removes it), each
 * optional. Strict, so a body naming any other field (plan, email, userType…) is a 400 (MASS-04).
 */
export const updateProfileSchema = z
  .object({
    firstName: nameSchema(AUTH_MESSAGES.firstName),
    lastName: nameSchema(AUTH_MESSAGES.lastName),
    phone: optionalPhone,
  })
  .partial()
  .strict();
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/** The profile form sends both names and the phone field (empty: no phone). */
export const profileFormSchema = z.object({
  firstName: nameSchema(AUTH_MESSAGES.firstName),
  lastName: nameSchema(AUTH_MESSAGES.lastName),
  phone: optionalPhone,
});
export type ProfileFormValues = z.input<typeof profileFormSchema>;
export type ProfileFormInput = z.output<typeof profileFormSchema>;

/** One session in GET /api/user/sessions: `id` is an opaque hash, never the session id itself. */
export type SessionSummary = {
  id: string;
  device: string;
  place: string;
  signedInAt: string | null;
  lastSeenAt: string | null;
  current: boolean;
};
