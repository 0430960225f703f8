import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { auditEvents, digitalAssets, outboxMessages, profilePhotos, userKeys, users } from "@shared/schema";
import type { Logger } from "pino";
import { runInTransaction, type Db } from "../../db";
import { notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { enqueueEmail, type OutboxWriteDeps } from "../../lib/outbox/enqueue";
import type { BlobStorage } from "../../lib/storage";
import { accountDeletedMail } from "./account-mails";
import { lockUser } from "./account.queries";
import { deleteUserSessions } from "./sessions.queries";

export type DeleteAccountDeps = OutboxWriteDeps & { clock: Clock; storage: BlobStorage; logger: Logger };
export type DeleteAccountOptions = { userId: number; requestId?: string };

/**
 * Erases an account (the password was confirmed by the route). One transaction: the data key is shredded first (so
 * any ciphertext a backup or a stray row still holds is unreadable), every session row goes, clients of a departing
 * agent lose the link, the audit trail about the user keeps its events but loses addresses and e-mails, unsent mail
 * to the address is dropped, a last notice is queued, and the user row is deleted — every owned table cascades from
 * it (shared/schema: each `user_id` references users with ON DELETE CASCADE). Beneficiary rows in other people's
 * estates that name this person's address are those owners' data and stay. The files' blobs are deleted after the
 * commit (storage is never touched inside a transaction); one that fails to go is logged, and unreadable anyway.
 */
export async function deleteAccount(db: Db, deps: DeleteAccountDeps, o: DeleteAccountOptions): Promise<void> {
  const blobKeys = await runInTransaction(db, async (tx) => {
    const user = await lockUser(tx, o.userId);
    if (!user) throw notFound();
    const files = await tx
      .select({ key: digitalAssets.filePath })
      .from(digitalAssets)
      .where(eq(digitalAssets.userId, user.id));
    const photos = await tx
      .select({ key: profilePhotos.blobKey })
      .from(profilePhotos)
      .where(eq(profilePhotos.userId, user.id));
    await tx.delete(userKeys).where(eq(userKeys.userId, user.id));
    await deleteUserSessions(tx, user.id);
    await tx.update(users).set({ agentId: null }).where(eq(users.agentId, user.id));
    await tx
      .update(auditEvents)
      .set({ ip: null, target: null })
      .where(
        or(
          eq(auditEvents.actorId, user.id),
          eq(auditEvents.subjectUserId, user.id),
          eq(auditEvents.target, `user:${user.id}`),
          sql`lower(${auditEvents.target}) = ${user.email.toLowerCase()}`,
        ),
      );
    await tx
      .update(outboxMessages)
      .set({ status: "dropped", payload: null, nextAttemptAt: null })
      .where(
        and(
          eq(outboxMessages.recipient, user.email.toLowerCase()),
          // the account's own mail only: what other owners send to this address is theirs
          or(isNull(outboxMessages.senderUserId), eq(outboxMessages.senderUserId, user.id)),
          inArray(outboxMessages.status, ["held", "pending"]),
        ),
      );
    await enqueueEmail(tx, deps, accountDeletedMail(user.email), {
      kind: "account_deleted",
      dedupeKey: `account-deleted:${user.id}`,
    });
    await tx.delete(users).where(eq(users.id, user.id));
    // Kept for the operators: which account id went, when, through which request; no address, no e-mail.
    await tx.insert(auditEvents).values({
      at: deps.clock.now(),
      actorId: user.id,
      action: "account_deleted",
      target: `user:${user.id}`,
      requestId: o.requestId?.slice(0, 64) ?? null,
      ip: null,
      details: { files: files.length },
    });
    return [...files, ...photos].map((f) => f.key);
  });
  for (const key of blobKeys) {
    try {
      await deps.storage.delete(key);
    } catch (err) {
      deps.logger.warn({ err: { message: err instanceof Error ? err.message : String(err) } }, "blob not deleted");
    }
  }
}
