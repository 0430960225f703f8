import assert from "node:assert/strict";
import path from "node:path";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import type { BrowserContext, Page } from "playwright-core";
import { outboxToken } from "../outbox";
import { E2E_LISTED_ADMIN, registerClient } from "../register";
import type { Flow } from "../run";

const PASSWORD = "Kente-Cloth-2026";
const OUTPUT = path.resolve(import.meta.dirname, "../../e2e-output");
const codeNow = (secret: string) =>
  generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000)), 6);

async function newPage(contexts: BrowserContext[], browser: Parameters<Flow["run"]>[0]["browser"]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  contexts.push(context);
  return context.newPage();
}

async function verifyEmail(page: Page, baseUrl: string, dataDir: string, email: string) {
  const token = await outboxToken(dataDir, email, "verify-email");
  await page.goto(`${baseUrl}/verify-email/${token}`);
  await page.getByText("Thank you. Your e-mail address is verified.").waitFor();
}

/**
 * Issue 16 end to end, in three browsers: the owner names a trusted party and keeps the estate distribution's files
 * "at once"; the party accepts the e-mailed invitation in their own browser and reports the death with a certificate;
 * an admin (listed address, two-factor sign-in) records the sources and verifies. The 30 days pass while the server is
 * down: the waiting period is moved back with SQL, and on restart the scheduler's catch-up completes it and carries
 * out the distribution; the beneficiary opens the e-mailed release link and sees the file.
 */
export const deathVerificationFlow: Flow = {
  name: "death verification: trusted party reports, admin verifies, the waiting period ends across a restart, the beneficiary opens the release",
  async run({ page, baseUrl, server, browser, shot }) {
    const stamp = Date.now();
    const ownerEmail = `yaa.${stamp}@example.com`;
    const partyEmail = `kwame.${stamp}@example.com`;
    const kofiEmail = `kofi.dv.${stamp}@example.com`;
    const contexts: BrowserContext[] = [];
    try {
      // --- the owner: account, beneficiary, a file for them, a trusted party, distribution settings
      await registerClient(page, baseUrl, {
        email: ownerEmail,
        password: PASSWORD,
        firstName: "Yaa",
        lastName: "Asantewaa",
      });
      await verifyEmail(page, baseUrl, server.dataDir, ownerEmail);
      const ownerId = ((await (await page.request.get(`${baseUrl}/api/user`)).json()) as { id: number }).id;
      const upgraded = await page.request.post(`${baseUrl}/api/upgrade-plan`, { data: { planId: "advanced_premium" } });
      assert.equal(upgraded.status(), 200);
      const beneficiary = await page.request.post(`${baseUrl}/api/beneficiaries`, {
        data: { firstName: "Kofi", lastName: "Asante", email: kofiEmail, relationship: "child" },
      });
      assert.equal(beneficiary.status(), 201);
      const beneficiaryId = ((await beneficiary.json()) as { id: number }).id;
      const deed = Buffer.concat([Buffer.from("%PDF-1.4\n% the farm at Bonwire\n"), Buffer.from("\n%%EOF\n")]);
      const uploaded = await page.request.post(`${baseUrl}/api/assets/upload`, {
        multipart: {
          category: "documents",
          assignedToBeneficiary: String(beneficiaryId),
          files: { name: "bonwire-farm-deed.pdf", mimeType: "application/pdf", buffer: deed },
        },
      });
      assert.equal(uploaded.status(), 201, await uploaded.text());

      await page.goto(`${baseUrl}/death-verification`);
      await page.getByRole("tab", { name: "Trusted Parties" }).click();
      const form = page.getByRole("form", { name: "Add trusted party" });
      await form.getByLabel("Full name").fill("Kwame Boateng");
      await form.getByLabel("Email").fill(partyEmail);
      await form.getByLabel("Relationship").selectOption("sibling");
      await form.getByLabel("Can report my death (start death verification)").check();
      await form.getByRole("button", { name: "Add Trusted Party" }).click();
      await page.getByText("Trusted party added successfully").first().waitFor();

      await page.getByRole("tab", { name: "Distribution" }).click();
      await page.getByLabel("Include digital files (photos, documents, digital content)").check();
      await page.getByLabel("Digital Files: when").selectOption("immediate");
      await page.getByRole("button", { name: "Save Settings" }).click();
      await page.getByText("Distribution settings saved").first().waitFor();
      await page.getByRole("list", { name: "Distribution timeline" }).getByText("At once").waitFor();
      await shot("death-verification-owner-distribution");

      // --- the trusted party, in a browser of their own: account, invitation, report with evidence
      const party = await newPage(contexts, browser);
      await registerClient(party, baseUrl, {
        email: partyEmail,
        password: PASSWORD,
        firstName: "Kwame",
        lastName: "Boateng",
      });
      const invitation = await outboxToken(server.dataDir, partyEmail, "trusted-party");
      await party.goto(`${baseUrl}/trusted-party/${invitation}`);
      await party.getByRole("button", { name: "Accept invitation" }).click();
      await party.getByText("You are now Yaa Asantewaa's trusted party.").waitFor();
      await party.goto(`${baseUrl}/trusted`);
      await party.getByRole("button", { name: "Report a death" }).click();
      const report = party.getByRole("dialog");
      await report.getByLabel("Who has died?").selectOption({ label: "Yaa Asantewaa" });
      await report.getByRole("button", { name: "Send report" }).click();
      await party.getByText("Death verification request created").first().waitFor();
      await report.waitFor({ state: "hidden" });
      const evidence = party.getByRole("form", { name: "Add evidence" });
      await evidence.getByLabel("Document type").selectOption("death_certificate");
      await evidence.getByLabel("File (PDF, JPG or PNG)").setInputFiles({
        name: "death-certificate.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("%PDF-1.4\n% Births and Deaths Registry, Kumasi\n%%EOF\n"),
      });
      await evidence.getByRole("button", { name: "Upload evidence" }).click();
      await party.getByText("death-certificate.pdf was uploaded.").first().waitFor();
      await party.getByRole("link", { name: "Download death-certificate.pdf" }).waitFor();
      await party.screenshot({ path: path.join(OUTPUT, "death-verification-party-reported.png"), fullPage: true });

      // --- the admin, in a third browser: listed address, verified, two-factor sign-in, review and verify
      const admin = await newPage(contexts, browser);
      await registerClient(admin, baseUrl, {
        email: E2E_LISTED_ADMIN,
        password: PASSWORD,
        firstName: "Ama",
        lastName: "Reviewer",
      });
      await verifyEmail(admin, baseUrl, server.dataDir, E2E_LISTED_ADMIN);
      const promoted = await admin.request.post(`${baseUrl}/api/auth/promote-admin`, { data: {} });
      assert.equal(promoted.status(), 200, await promoted.text());
      const setup = await admin.request.post(`${baseUrl}/api/2fa/totp/setup`);
      const { secret } = (await setup.json()) as { secret: string };
      const enabled = await admin.request.post(`${baseUrl}/api/2fa/totp/enable`, { data: { code: codeNow(secret) } });
      assert.equal(enabled.status(), 200, await enabled.text());
      await admin.goto(`${baseUrl}/admin/death-verifications`);
      const card = admin.getByRole("form", { name: /^Review request \d+$/ }).first();
      await admin.getByRole("link", { name: "Download death-certificate.pdf" }).waitFor();
      const references: Record<string, string> = {
        "Ghana Health Service": "GHS/KMS/2026/118",
        "Births & Deaths Registry": "BDR/ASH/2026/4410",
        "Ghana Card Verification": "NIA-VER-55821",
        "Mobile Money Activity (inactivity pattern)": "MTN-INACTIVE-60D",
        "Government records": "GOV-REG-771",
        "Medical records": "KATH-MR-2291",
      };
      for (const [source, reference] of Object.entries(references)) {
        await card.getByLabel(`${source} confirmed`).check();
        await card.getByLabel(`${source} reference`).fill(reference);
      }
      await card.getByText(/Score: 90 \/ 100/).waitFor();
      await admin.screenshot({ path: path.join(OUTPUT, "death-verification-admin-review.png"), fullPage: true });
      await card.getByRole("button", { name: "Record review" }).click();
      await admin
        .getByText(/is now verified/)
        .first()
        .waitFor();
      await admin
        .getByText(/Waiting period ends/)
        .first()
        .waitFor();
      await admin.screenshot({ path: path.join(OUTPUT, "death-verification-admin-verified.png"), fullPage: true });

      // --- 30 days pass while the server is down: the waiting period (and what the scheduler compares) moves back
      await server.restart(async () => {
        const sql = await server.openSql();
        try {
          const moved = await sql.query<{ id: number }>(`
            update death_verification_requests
            set waiting_period_start = waiting_period_start - interval '31 days',
                waiting_period_end = waiting_period_end - interval '31 days',
                next_reminder_at = next_reminder_at - interval '31 days',
                reviewed_at = reviewed_at - interval '31 days',
                created_at = created_at - interval '31 days'
            where user_id = ${ownerId} and status = 'verified' and rehearsal = false
            returning id`);
          assert.equal(moved.length, 1, "one verified request about the owner");
        } finally {
          await sql.close();
        }
      });

      // the scheduler's catch-up at start-up completes it and releases the file to the beneficiary at once
      const releaseToken = await outboxToken(server.dataDir, kofiEmail, "release", 60_000);
      const kofi = await newPage(contexts, browser);
      await kofi.goto(`${baseUrl}/release/${releaseToken}`);
      await kofi.getByRole("heading", { name: "Yaa Asantewaa left this for you" }).waitFor();
      await kofi.getByRole("link", { name: "Download bonwire-farm-deed.pdf" }).waitFor();
      await kofi.screenshot({ path: path.join(OUTPUT, "death-verification-beneficiary.png"), fullPage: true });

      // the party's area says it completed
      await party.goto(`${baseUrl}/trusted`);
      await party.getByText("Completed").first().waitFor();
      await party.screenshot({ path: path.join(OUTPUT, "death-verification-party-completed.png"), fullPage: true });
    } finally {
      for (const context of contexts) await context.close();
    }
  },
};
