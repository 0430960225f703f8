import { z } from "zod";
import { stripInvisible } from "./common";

/** Messages of the passkey routes and forms (issue 15); the SPA and the server use these same strings. */
export const PASSKEY_MESSAGES = {
  name: "Give the passkey a name",
  notVerified: "The passkey could not be verified.",
  expired: "The passkey request has expired. Please try again.",
  alreadyRegistered: "This passkey is already registered.",
} as const;

export const PASSKEY_NAME_MAX = 64;

/** How many passkeys one account may register (each is a row and a line in every sign-in's options). */
export const PASSKEYS_PER_USER_MAX = 20;

export const passkeyNameSchema = z
  .string({ error: PASSKEY_MESSAGES.name })
  .transform(stripInvisible)
  .pipe(
    z
      .string()
      .trim()
      .min(1, { error: PASSKEY_MESSAGES.name })
      .max(PASSKEY_NAME_MAX, { error: `Must be at most ${PASSKEY_NAME_MAX} characters` }),
  );

/** The name form, for adding and for renaming. */
export const passkeyNameFormSchema = z.object({ name: passkeyNameSchema });
export type PasskeyNameInput = z.infer<typeof passkeyNameFormSchema>;

/** PATCH /api/user/passkeys/:id: the name is all a passkey lets its owner change. */
export const renamePasskeySchema = passkeyNameFormSchema;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, { error: "Must be base64url" });

/** Credential ids are at most 1023 bytes (WebAuthn level 3), 1364 characters of base64url. */
const credentialId = base64url(1400).min(16);

const credentialFields = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

const sameRawId = (v: { id: string; rawId: string }) => v.id === v.rawId;

/** What @simplewebauthn/browser's startRegistration() answers (RegistrationResponseJSON), bounded in size. */
export const registrationResponseSchema = z
  .object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url(4096),
      attestationObject: base64url(32_768),
      transports: z.array(z.string().max(16)).max(8).optional(),
    }),
  })
  .refine(sameRawId, { error: "id and rawId differ", path: ["rawId"] });

/** What @simplewebauthn/browser's startAuthentication() answers (AuthenticationResponseJSON), bounded in size. */
export const authenticationResponseSchema = z
  .object({
    ...credentialFields,
    response: z.object({
      clientDataJSON: base64url(4096),
      authenticatorData: base64url(4096),
      signature: base64url(8192),
      userHandle: base64url(128).optional(),
    }),
  })
  .refine(sameRawId, { error: "id and rawId differ", path: ["rawId"] });

/** POST /api/user/passkeys: the name and the browser's answer to the registration options. */
export const registerPasskeySchema = z.object({ name: passkeyNameSchema, response: registrationResponseSchema });
export type RegisterPasskeyInput = z.infer<typeof registerPasskeySchema>;

/** POST /api/login/passkey (and the step-up confirmation): the browser's answer to the authentication options. */
export const passkeyAssertionSchema = z.object({ response: authenticationResponseSchema });
export type PasskeyAssertionInput = z.infer<typeof passkeyAssertionSchema>;

/** One passkey in GET /api/user/passkeys. */
export type PasskeySummary = {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
};
