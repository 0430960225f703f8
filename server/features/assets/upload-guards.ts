import { Transform } from "node:stream";
import { formatBytes } from "@shared/format";
import { AppError, paymentRequired } from "../../lib/app-error";

export const UPLOAD_RUNNING = "Another upload of yours is still running. Wait for it to finish, then try again.";

/**
 * What one upload request may still add to the account: the free storage read once, as the request begins (the
 * signed-in user is loaded afresh for every request), and the plaintext bytes its files have brought so far.
 */
export type UploadBudget = { free: number; limit: number; read: number };

export function budgetFor(user: { storageUsed: number; storageLimit: number }): UploadBudget {
  return { free: Math.max(0, user.storageLimit - user.storageUsed), limit: user.storageLimit, read: 0 };
}

/** 402 naming the limit, as the refusal at commit does; the total is unknown, since the upload was not read to its end. */
function quotaPassed(budget: UploadBudget): AppError {
  return paymentRequired(
    `Not enough storage: these files need more than the ${formatBytes(budget.free)} of your ` +
      `${formatBytes(budget.limit)} that is free. Upgrade your plan or buy more storage to lift this limit.`,
  );
}

/**
 * A pass-through in front of each file's inspector and encryptor that fails the upload as soon as the request's
 * running byte count passes its free storage, so a 10 MB account cannot have 1 GB encrypted into staging only to
 * be refused at commit. It counts plaintext: the stored (encrypted) size is always larger, so an upload stopped here
 * is one the commit's conditional reservation — still the final guard — would refuse too.
 */
export function createQuotaGate(budget: UploadBudget): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      budget.read += chunk.length;
      if (budget.read > budget.free) return callback(quotaPassed(budget));
      callback(null, chunk);
    },
  });
}
