import { and, eq, sql } from "drizzle-orm";
import { assetReleaseTriggers } from "@shared/schema";
import type { DbOrTx } from "../../db";
import { birthdayAt } from "./next-event";

/**
 * A beneficiary's date of birth changed: their pending age-milestone triggers fire on the new birthday (or wait,
 * unscheduled, while no date is known). Run in the beneficiary update's transaction, rows locked.
 */
export async function rearmAgeTriggers(
  tx: DbOrTx,
  p: { userId: number; beneficiaryId: number; dateOfBirth: string | null },
): Promise<void> {
  const rows = await tx
    .select({ id: assetReleaseTriggers.id, age: assetReleaseTriggers.ageThreshold })
    .from(assetReleaseTriggers)
    .where(
      and(
        eq(assetReleaseTriggers.userId, p.userId),
        eq(assetReleaseTriggers.beneficiaryId, p.beneficiaryId),
        eq(assetReleaseTriggers.status, "pending"),
        eq(assetReleaseTriggers.triggerType, "age_milestone"),
      ),
    )
    .for("update");
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => {
      const at = p.dateOfBirth && r.age ? birthdayAt(p.dateOfBirth, r.age) : null;
      return sql`(${r.id}::int, ${at}::timestamptz, ${at ? "fire" : null}::varchar)`;
    }),
    sql`, `,
  );
  await tx.execute(sql`
    update asset_release_triggers t set next_event_at = v.at, next_event_kind = v.kind
    from (values ${values}) as v(id, at, kind)
    where t.id = v.id and t.status = 'pending'`);
}
