import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A passkey authenticator in software for server tests: real ES256 keys (node:crypto), real `none` attestations and
 * real signed assertions, so the server's verification runs exactly as it does for a browser. Tests can lie where a
 * forger would: another origin or relying party id, a counter of their choosing, someone else's credential id.
 */
type Credential = { id: string; privateKey: KeyObject; userHandle: string; rpId: string; counter: number };

/** What a test may override in what the authenticator and the browser would say. */
export type Forgery = { origin?: string; rpId?: string; counter?: number; userVerified?: boolean };

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

function uint32(n: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(n >>> 0);
  return out;
}

/** Flags byte: user present (0x01), user verified (0x04), attested credential data follows (0x40). */
function flags(userVerified: boolean, attested: boolean): Buffer {
  return Buffer.from([0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0)]);
}

/** The P-256 public key as a COSE_Key map (kty EC2, alg ES256, crv P-256, x, y). */
function coseKey(privateKey: KeyObject): Uint8Array {
  const jwk = privateKey.export({ format: "jwk" });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
}

function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), "utf8");
}

export function createSoftwareAuthenticator(defaults: { origin: string }) {
  const credentials: Credential[] = [];

  return {
    credentials,

    /** navigator.credentials.create(): a new ES256 credential with a `none` attestation. */
    register(options: PublicKeyCredentialCreationOptionsJSON, forge: Forgery = {}): RegistrationResponseJSON {
      const rpId = forge.rpId ?? options.rp.id!;
      const { privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const rawId = randomBytes(32);
      const counter = forge.counter ?? 0;
      credentials.push({ id: b64url(rawId), privateKey, userHandle: options.user.id, rpId, counter });
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        flags(forge.userVerified ?? true, true),
        uint32(counter),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        rawId,
        coseKey(privateKey),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Uint8Array | Map<string, string>>([
          ["fmt", "none"],
          ["attStmt", new Map<string, string>()],
          ["authData", authData],
        ]),
      );
      const data = clientData("webauthn.create", options.challenge, forge.origin ?? defaults.origin);
      return {
        id: b64url(rawId),
        rawId: b64url(rawId),
        type: "public-key",
        response: {
          clientDataJSON: b64url(data),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },

    /**
     * navigator.credentials.get(): an assertion by `credentialId`, else by the first credential the options allow,
     * else (a discoverable sign-in) by the newest credential for the relying party. Each use moves the counter on by
     * one unless the forgery names a counter.
     */
    assert(
      options: PublicKeyCredentialRequestOptionsJSON,
      forge: Forgery & { credentialId?: string } = {},
    ): AuthenticationResponseJSON {
      const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
      const credential =
        credentials.find((c) => c.id === forge.credentialId) ??
        credentials.find((c) => allowed.includes(c.id)) ??
        [...credentials].reverse().find((c) => allowed.length === 0 && c.rpId === options.rpId);
      if (!credential) throw new Error("the software authenticator holds no credential for these options");
      credential.counter = forge.counter ?? credential.counter + 1;
      const authData = Buffer.concat([
        sha256(forge.rpId ?? credential.rpId),
        flags(forge.userVerified ?? true, false),
        uint32(credential.counter),
      ]);
      const data = clientData("webauthn.get", options.challenge, forge.origin ?? defaults.origin);
      const signature = sign("sha256", Buffer.concat([authData, sha256(data)]), credential.privateKey);
      return {
        id: credential.id,
        rawId: credential.id,
        type: "public-key",
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}

export type SoftwareAuthenticator = ReturnType<typeof createSoftwareAuthenticator>;
