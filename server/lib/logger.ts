import pino, { type Logger } from "pino";

/** Paths never written to the log: credentials, tokens and every sensitive field name we store. */
export const REDACT_PATHS = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "*.password",
  "*.passwordHash",
  "*.confirmPassword",
  "*.currentPassword",
  "*.token",
  "*.setupToken",
  "*.accessToken",
  "*.accountNumber",
  "*.accessInfo",
  "*.accessCodes",
  "*.documentNumber",
  "*.username",
  "*.passwordHint",
  "*.recoveryInfo",
  "*.twoFactorInfo",
  "*.securityQuestions",
  "*.ghanaCardNumber",
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: "[redacted]" } }, destination);
}
