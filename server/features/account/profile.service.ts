import type { UpdateProfileInput } from "@shared/validators/account";
import type { User } from "@shared/schema";
import type { Db } from "../../db";
import { notFound } from "../../lib/app-error";
import type { Clock } from "../../lib/clock";
import { updateOwnUser } from "./account.queries";

/** Updates the user's own names and phone; nothing else of the user row is reachable from here (MASS-04). */
export async function updateProfile(
  db: Db,
  clock: Clock,
  o: { userId: number; input: UpdateProfileInput },
): Promise<User> {
  const { firstName, lastName, phone } = o.input;
  const updated = await updateOwnUser(db, o.userId, {
    ...(firstName !== undefined ? { firstName } : {}),
    ...(lastName !== undefined ? { lastName } : {}),
    ...(phone !== undefined ? { phone } : {}),
    updatedAt: clock.now(),
  });
  if (!updated) throw notFound();
  return updated;
}
