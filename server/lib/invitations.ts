import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { users } from "@shared/schema";
import type { DbOrTx } from "../db";

/** Where an invitation table keeps its token's SHA-256 and the account that sent it. */
export type InvitationColumns<T extends PgTable> = { table: T; tokenHash: AnyPgColumn; senderId: AnyPgColumn };

export type InvitationWithSender<Row> = {
  invitation: Row;
  senderFirstName: string | null;
  senderLastName: string | null;
};

/**
 * The invitation whose token hashes to `tokenHash`, with the names of the account that sent it (an agent, an owner
 * naming a trusted party). Scoped by the token itself, which is the capability; only its SHA-256 is compared.
 */
export async function findInvitationByTokenHash<T extends PgTable>(
  db: DbOrTx,
  { table, tokenHash: tokenColumn, senderId }: InvitationColumns<T>,
  tokenHash: string,
): Promise<InvitationWithSender<T["$inferSelect"]> | undefined> {
  const [row] = await db
    .select({ invitation: table, senderFirstName: users.firstName, senderLastName: users.lastName })
    .from(table as PgTable)
    .innerJoin(users, eq(users.id, senderId))
    .where(eq(tokenColumn, tokenHash))
    .limit(1);
  return row as InvitationWithSender<T["$inferSelect"]> | undefined;
}
