import type { DeathVerificationDocument, DeathVerificationRequest } from "@shared/schema";
import type { CheckName } from "@shared/death-verification";
import type { Db } from "../../db";
import { checkAccess } from "../../lib/access";
import type { Clock } from "../../lib/clock";
import type { Keyring } from "../../lib/crypto/keyring";
import { appealRefusal } from "./appeal.service";
import { displayName } from "./dv-messages";
import { openText, subjectKey } from "./dv-secrets";
import { presentRequest, type ViewerRole } from "./dv.presenter";
import * as q from "./dv.queries";

/**
 * What the server derives itself: a confirmation by another party, and evidence every piece of which an admin
 * accepted. Confirmations counted for the two-party rule include the requesting party's own request.
 */
export function derivedChecks(
  request: DeathVerificationRequest,
  documents: DeathVerificationDocument[],
  confirmations: q.ConfirmationRow[],
): { derived: Partial<Record<CheckName, boolean>>; confirmCount: number } {
  const confirms = confirmations.filter((c) => c.decision === "confirm").length;
  return {
    derived: {
      familyConfirmation: confirms >= 1,
      documentUpload: documents.length > 0 && documents.every((d) => d.verificationStatus === "verified"),
    },
    confirmCount: confirms + (request.requestorPartyId !== null ? 1 : 0),
  };
}

/** A sealed column of the request (`notes`, `appealReason`), opened with the subject's data key. */
const openColumn = async (db: Db, keyring: Keyring, r: DeathVerificationRequest, column: "notes" | "appealReason") =>
  r[column]
    ? openText(
        await subjectKey(db, keyring, r.userId),
        { table: "death_verification_requests", userId: r.userId, rowId: r.id },
        column,
        r[column],
      )
    : null;

export const notesOf = (db: Db, keyring: Keyring, r: DeathVerificationRequest) => openColumn(db, keyring, r, "notes");
export const appealReasonOf = (db: Db, keyring: Keyring, r: DeathVerificationRequest) =>
  openColumn(db, keyring, r, "appealReason");

const groupBy = <T extends { requestId: number }>(rows: T[]) => {
  const map = new Map<number, T[]>();
  for (const row of rows) map.set(row.requestId, [...(map.get(row.requestId) ?? []), row]);
  return map;
};

/** `GET /api/death-verification/requests`: about the caller, by the caller, or for the caller to answer. */
export async function listRequests(
  deps: { db: Db; keyring: Keyring; clock: Clock },
  p: { userId: number; limit: number; offset: number; id?: number },
) {
  const { rows, total } = await q.listVisible(deps.db, p);
  const ids = rows.map((r) => r.id);
  const documents = groupBy(await q.documentsOf(deps.db, ids));
  const confirmations = groupBy(await q.confirmationsOf(deps.db, ids));
  const people = await q.peopleById(
    deps.db,
    rows.map((r) => r.userId),
  );
  const now = deps.clock.now();
  const answerable = await checkAccess(deps.db, { userId: p.userId }, "death-verification:confirm", ids);
  const items = [];
  for (const r of rows) {
    const role: ViewerRole = r.userId === p.userId ? "subject" : r.requestorId === p.userId ? "requestor" : "party";
    const mine = (confirmations.get(r.id) ?? []).find((c) => c.personId === p.userId);
    const subject = people.get(r.userId);
    items.push(
      presentRequest(r, {
        role,
        subjectName: subject ? displayName(subject) : "",
        documents: documents.get(r.id) ?? [],
        confirmations: confirmations.get(r.id) ?? [],
        myDecision: mine?.decision ?? null,
        canConfirm: role === "party" && answerable.has(r.id) && !mine,
        canAppeal: role === "requestor" && appealRefusal(r, now) === null,
        notes:
          role !== "party" && (r.status === "rejected" || r.status === "appealed")
            ? await notesOf(deps.db, deps.keyring, r)
            : null,
        appealReason: role !== "party" ? await appealReasonOf(deps.db, deps.keyring, r) : null,
      }),
    );
  }
  return { items, total };
}
