import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { deathReports } from "@shared/schema";
import { REQUEST_BAR_DAYS } from "@shared/death-verification";
import type { DeathReportInput } from "@shared/validators/death-verification";
import { runInTransaction } from "../../db";
import { nextRowId } from "../../db/row-ids";
import { conflict, notFound } from "../../lib/app-error";
import { enqueueMessage } from "../../lib/outbox/enqueue";
import { generateToken, hashToken, isTokenShaped } from "../../lib/tokens";
import { auditInTx } from "../triggers/trigger-audit";
import { announceRequest } from "./dv-notices";
import { openText, sealText, subjectKey } from "./dv-secrets";
import type { DeathVerificationDeps } from "./request.service";
import * as q from "./dv.queries";

const HOUR_MS = 60 * 60 * 1000;
/** The reporter's confirmation link works this long. */
export const REPORT_LINK_HOURS = 48;
/** Unconfirmed reports one address may have at once: the public form cannot be used to mail someone repeatedly. */
const OPEN_REPORTS_PER_REPORTER = 3;
export const REPORT_USED_MESSAGE = "This report has already been confirmed.";

/**
 * A family member reports a death (public). Whatever the address names, the work and the answer are the same: a
 * pending report and a confirmation link to the reporter. Only a report about an existing account keeps the
 * reporter's name and address (encrypted under the subject's key); nothing is told to anyone before the reporter has
 * confirmed their own address.
 */
export async function reportDeath(deps: DeathVerificationDeps, input: DeathReportInput): Promise<void> {
  const { db, ...ctx } = deps;
  const now = ctx.clock.now();
  const token = generateToken();
  const reporterEmailHash = hashToken(input.reporterEmail);
  await runInTransaction(db, async (tx) => {
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(deathReports)
      .where(
        and(
          eq(deathReports.reporterEmailHash, reporterEmailHash),
          isNull(deathReports.confirmedAt),
          gt(deathReports.expiresAt, now),
        ),
      );
    if ((open?.n ?? 0) >= OPEN_REPORTS_PER_REPORTER) return;
    const subject = await q.findPersonByEmail(tx, input.subjectEmail);
    const known = subject !== undefined && subject.status === "active" && subject.email !== input.reporterEmail;
    const id = await nextRowId(tx, "death_reports");
    const dek = known ? await subjectKey(tx, ctx.keyring, subject.id) : null;
    const place = { table: "death_reports" as const, userId: subject?.id ?? 0, rowId: id };
    await tx.insert(deathReports).values({
      id,
      tokenHash: hashToken(token),
      subjectUserId: known ? subject.id : null,
      reporterName: dek ? sealText(dek, place, "reporterName", input.reporterName) : null,
      reporterEmail: dek ? sealText(dek, place, "reporterEmail", input.reporterEmail) : null,
      reporterEmailHash,
      relationship: input.relationship,
      expiresAt: new Date(now.getTime() + REPORT_LINK_HOURS * HOUR_MS),
      createdAt: now,
    });
    const url = `${ctx.config.publicUrl}/report-death/confirm/${token}`;
    const text = [
      "Someone (we hope you) used this address to report a death on Heirloom.",
      `To confirm your report, open this link within ${REPORT_LINK_HOURS} hours and press Confirm:`,
      url,
      "If you did not make this report, ignore this message: nothing happens unless the report is confirmed.",
      "— Heirloom",
    ].join("\n\n");
    await enqueueMessage(tx, ctx, {
      channel: "email",
      kind: "death_report_confirm",
      to: input.reporterEmail,
      subject: "Confirm your report on Heirloom",
      text,
      dedupeKey: `death-report:${id}`,
      senderUserId: null,
    });
  });
}

/**
 * The reporter confirms by `POST` with the link's token (opening the page changes nothing). One conditional update
 * claims the report, so a second confirmation is 409; unknown or expired is 404. Then — for a known, active subject,
 * and a reporter not barred by a recent rejection — a `family_member` request is opened and the subject and their
 * active parties are told. The answer is the same whether or not a request was opened.
 */
export async function confirmReport(deps: DeathVerificationDeps, token: string): Promise<void> {
  const { db, ...ctx } = deps;
  if (!isTokenShaped(token)) throw notFound();
  const now = ctx.clock.now();
  const tokenHash = hashToken(token);
  await runInTransaction(db, async (tx) => {
    const [claimed] = await tx
      .update(deathReports)
      .set({ confirmedAt: now })
      .where(
        and(eq(deathReports.tokenHash, tokenHash), isNull(deathReports.confirmedAt), gt(deathReports.expiresAt, now)),
      )
      .returning();
    if (!claimed) {
      const [row] = await tx.select().from(deathReports).where(eq(deathReports.tokenHash, tokenHash)).limit(1);
      if (row?.confirmedAt) throw conflict(REPORT_USED_MESSAGE);
      throw notFound();
    }
    if (claimed.subjectUserId === null) return;
    const subject = await q.findPerson(tx, claimed.subjectUserId);
    if (!subject || subject.status !== "active") return;
    const since = new Date(now.getTime() - REQUEST_BAR_DAYS * 24 * HOUR_MS);
    const barred = await q.rejectedSince(tx, {
      subjectId: subject.id,
      reporterEmailHash: claimed.reporterEmailHash,
      since,
    });
    if (barred) return;
    const dek = await subjectKey(tx, ctx.keyring, subject.id);
    const from = { table: "death_reports" as const, userId: subject.id, rowId: claimed.id };
    const id = await nextRowId(tx, "death_verification_requests");
    const to = { table: "death_verification_requests" as const, userId: subject.id, rowId: id };
    const request = await q.insertRequest(tx, {
      id,
      userId: subject.id,
      requestorId: null,
      requestorType: "family_member",
      reporterName: sealText(dek, to, "reporterName", openText(dek, from, "reporterName", claimed.reporterName)),
      reporterEmail: sealText(dek, to, "reporterEmail", openText(dek, from, "reporterEmail", claimed.reporterEmail)),
      reporterEmailHash: claimed.reporterEmailHash,
      familyConfirmation: true,
      status: "pending",
      createdAt: now,
      updatedAt: now,
    });
    await tx.update(deathReports).set({ requestId: request.id }).where(eq(deathReports.id, claimed.id));
    await announceRequest(tx, ctx, request, subject);
    await auditInTx(tx, [
      {
        at: now,
        actorId: null,
        subjectUserId: subject.id,
        action: "death_verification_requested",
        target: `death_verification:${request.id}`,
        details: { rehearsal: false, requestorType: "family_member" },
      },
    ]);
  });
}
