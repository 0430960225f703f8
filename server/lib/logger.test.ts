import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger";

const CANARY = "CANARY-GHA-123456789-0";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString("utf8"));
      callback();
    },
  });
  return { logger: createLogger("info", stream), text: () => lines.join("") };
}

describe("logger (LOG-01)", () => {
  it("logs a failed query's text and the database's code, never its bound values or row detail", () => {
    const { logger, text } = capture();
    const pgError = Object.assign(new Error(`duplicate key value violates unique constraint`), {
      code: "23505",
      detail: `Key (email)=(${CANARY}@example.com) already exists.`,
    });
    const err = new DrizzleQueryError(
      "insert into users (email, note) values ($1, $2)",
      [CANARY, `a\nparams: ${CANARY}`],
      pgError,
    );
    logger.error({ err }, "unexpected error");
    const line = JSON.parse(text()) as { err: { message: string; stack: string; causes: string[]; query: string } };
    expect(text()).not.toContain(CANARY);
    expect(line.err.message).toBe("Failed query: insert into users (email, note) values ($1, $2)");
    expect(line.err.causes).toEqual(["Error 23505"]);
    expect(line.err.stack).toMatch(/^\s+at /);
  });

  it("redacts sensitive fields and credentials wherever they are logged", () => {
    const { logger, text } = capture();
    logger.info({
      body: { password: CANARY, accountNumber: CANARY, documentNumber: CANARY },
      req: { headers: { cookie: CANARY } },
    });
    expect(text()).not.toContain(CANARY);
    expect(text()).toContain("[redacted]");
  });
});
