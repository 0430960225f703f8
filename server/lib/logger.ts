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
  "*.phone",
];

/** Error fields that can carry user values: a failed query's parameters, PostgreSQL's row detail. */
const VALUE_FIELDS = new Set(["params", "detail", "where", "internalQuery", "parameters"]);

/** "Failed query: … params: a,b" → the query text only; bound values (e-mails, ciphertexts, names) stay out. */
const withoutParams = (text: unknown) => (typeof text === "string" ? text.replace(/\nparams: [\s\S]*$/, "") : text);

/**
 * pino's error serializer minus the values a database error quotes back (LOG-01): drizzle puts every bound
 * parameter into its message, and PostgreSQL's `detail` names the conflicting row's values. The stack keeps its
 * frames; each cause is named by its type and code.
 */
export function safeErrorSerializer(err: unknown): unknown {
  if (!(err instanceof Error)) return err;
  const out = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  for (const key of Object.keys(out)) if (VALUE_FIELDS.has(key)) delete out[key];
  out.message = withoutParams(err.message);
  if (typeof out.stack === "string")
    out.stack = out.stack
      .split("\n")
      .filter((line) => /^\s+at /.test(line))
      .join("\n");
  const causes: string[] = [];
  let cause: unknown = err.cause;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth += 1) {
    const code = (cause as Error & { code?: unknown }).code;
    causes.push(typeof code === "string" ? `${cause.name} ${code}` : cause.name);
    cause = cause.cause;
  }
  if (causes.length > 0) out.causes = causes;
  return out;
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      serializers: { err: safeErrorSerializer, error: safeErrorSerializer },
    },
    destination,
  );
}
