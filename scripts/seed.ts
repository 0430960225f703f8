import { randomBytes } from "node:crypto";
import path from "node:path";
import { eq } from "drizzle-orm";
import supertest from "supertest";
import { users } from "@shared/schema";
import { createApp } from "../server/app";
import { openDatabase } from "../server/bootstrap";
import { loadConfig } from "../server/config";
import { systemClock } from "../server/lib/clock";
import { createKeyring } from "../server/lib/crypto/keyring";
import { createLogger } from "../server/lib/logger";
import { createMailer } from "../server/lib/mail/mailer";
import { deliverDueMessages } from "../server/lib/outbox/deliver";
import { createStorage } from "../server/lib/storage";

/**
 * `npm run db:seed`: demo accounts in the configured database — a client with sample data, an agent and an admin —
 * created through the real API (validation, encryption and quotas apply), then their credentials printed.
 */
const config = loadConfig();
const logger = createLogger("warn");
const database = await openDatabase(config, logger);
const mailer = createMailer({
  smtpUrl: undefined,
  from: config.mailFrom,
  outboxDir: path.join(config.dataDir, "outbox"),
  logger,
});
const deps = {
  config,
  database,
  logger,
  mailer,
  clock: systemClock,
  keyring: createKeyring({ keys: config.encryptionKeys, currentKid: config.currentKid }),
  storage: createStorage(config.storage),
};
const app = createApp(deps, { pruneSessions: false });

const suffix = randomBytes(3).toString("hex");
const password = `Heirloom-${randomBytes(4).toString("hex")}-Demo1`;

async function register(email: string, firstName: string, lastName: string, userType: "client" | "agent") {
  const agent = supertest.agent(app.app);
  const res = await agent.post("/api/register").send({ email, password, firstName, lastName, userType });
  if (res.status !== 201) throw new Error(`could not create ${email}: ${res.status} ${res.text}`);
  return { agent, id: (res.body as { id: number }).id };
}

async function expectOk(res: supertest.Response, what: string) {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${res.text}`);
  return res.body as { id: number };
}

const client = await register(`ama.mensah.${suffix}@demo.heirloom.local`, "Ama", "Mensah", "client");
// the demo client has picked its role already: signing in opens the dashboard, not the role selection screen
await expectOk(await client.agent.post("/api/user/onboarding").send({ role: "client" }), "role choice");
const kofi = await expectOk(
  await client.agent.post("/api/beneficiaries").send({
    firstName: "Kofi",
    lastName: "Mensah",
    email: `kofi.${suffix}@demo.heirloom.local`,
    relationship: "child",
  }),
  "beneficiary",
);
await expectOk(
  await client.agent
    .post("/api/beneficiaries")
    .send({ firstName: "Ɛsi", lastName: "Ɔwusu", email: `esi.${suffix}@demo.heirloom.local`, relationship: "sibling" }),
  "beneficiary",
);
await expectOk(
  await client.agent.post("/api/digital-wills").send({
    title: "Last Will of Ama Mensah",
    content:
      "I leave my house in East Legon to my son Kofi.\nMy savings at GCB Bank are to be shared equally between my children.",
  }),
  "will",
);
await expectOk(
  await client.agent.post("/api/financial-assets").send({
    title: "GCB savings",
    category: "investment",
    accountName: "Ama Mensah Savings",
    institution: "GCB Bank",
    accountNumber: "1021-3344-5566",
    assignedToBeneficiary: kofi.id,
  }),
  "financial asset",
);
await expectOk(
  await client.agent
    .post("/api/physical-assets")
    .send({ title: "East Legon house", category: "real_estate", name: "Family house", location: "East Legon, Accra" }),
  "physical asset",
);
await expectOk(
  await client.agent.post("/api/online-accounts").send({
    accountName: "Gmail",
    accountType: "email",
    platform: "Google",
    username: "ama.mensah",
    twoFactorInfo: "Authenticator app on my phone",
    priority: "high",
  }),
  "online account",
);
await expectOk(
  await client.agent
    .post("/api/assets/upload")
    .field("category", "documents")
    .field("description", "Title deed (sample)")
    .attach("files", Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"), {
      filename: "title-deed.pdf",
      contentType: "application/pdf",
    }),
  "upload",
);

const agentUser = await register(`yaw.boateng.${suffix}@demo.heirloom.local`, "Yaw", "Boateng", "agent");
const adminUser = await register(`admin.${suffix}@demo.heirloom.local`, "Efua", "Addo", "client");
await database.db
  .update(users)
  .set({ userType: "admin", roleChoice: "admin", onboardedAt: new Date() })
  .where(eq(users.id, adminUser.id));

console.log(`
Demo accounts (password for all three: ${password})
  client  ama.mensah.${suffix}@demo.heirloom.local   (2 beneficiaries, a will, 3 typed assets, 1 file)
  agent   yaw.boateng.${suffix}@demo.heirloom.local
  admin   admin.${suffix}@demo.heirloom.local
(agent id ${agentUser.id})
`);
// The demo mail goes to DATA_DIR/outbox files now, not through whatever SMTP_URL the server will use later.
while ((await deliverDueMessages(deps)).claimed > 0);
await app.close();
mailer.close();
await database.close();
