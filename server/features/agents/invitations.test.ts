import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agentInvitations, users } from "@shared/schema";
import { loadConfig } from "../../config";
import { startTestApp, type TestApp } from "../../test/harness";
import { SWITCH_AGENT_MESSAGE, WRONG_ACCOUNT_MESSAGE } from "./invitations.service";
import { inviteClient, signUpAgent, type TestAgent } from "./agents.test-support";

const baseLimits = loadConfig({
  NODE_ENV: "test",
  DATA_DIR: "/tmp/unused",
  SESSION_SECRET: "x".repeat(64),
  APP_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64"),
}).rateLimits;

let t: TestApp;
let agentX: TestAgent;
let agentY: TestAgent;
beforeAll(async () => {
  t = await startTestApp({
    config: {
      rateLimits: {
        ...baseLimits,
        registerPerIp: { points: 10_000, durationSeconds: 3600 },
        tokenLookupPerIp: { points: 10_000, durationSeconds: 900 },
      },
    },
  });
  agentX = await signUpAgent(t);
  agentY = await signUpAgent(t);
});
afterAll(async () => {
  await t.close();
});

const ACCEPT = "/api/agent/accept-invitation";
const HOUR = 3_600_000;
const agentIdOf = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0].agentId;

describe("inviting a client", () => {
  it("answers the link once, e-mails the same link, and never shows the token again", async () => {
    const email = t.uniqueEmail("invitee");
    const { id, token, body } = await inviteClient(agentX, email);
    expect(body).toMatchObject({ email, firstName: "Abena", status: "pending" });
    expect(body.inviteUrl).toBe(`http://heirloom.test/invitation/${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await t.deliverOutbox();
    expect(t.smtp.linkFor(email, "/invitation/")).toBe(body.inviteUrl);
    const list = await agentX.agent.get("/api/agent/invitations");
    expect(list.status).toBe(200);
    expect(list.headers["x-total-count"]).toBeDefined();
    const listed = list.body.find((i: { id: number }) => i.id === id);
    expect(listed).toBeDefined();
    expect(JSON.stringify(list.body)).not.toContain(token);
    expect(listed.inviteUrl).toBeUndefined();
    const [row] = await t.db.select().from(agentInvitations).where(eq(agentInvitations.id, id));
    expect(row.tokenHash).not.toContain(token);
  });

  it("refuses an agent without a profile (400) and sends nothing", async () => {
    const bare = await t.signUp({ userType: "agent", verified: true });
    const { enableTwoFactor } = await import("../../test/two-factor");
    await enableTwoFactor(t, bare.agent);
    expect((await bare.agent.post("/api/upgrade-plan").send({ planId: "professional" })).status).toBe(200);
    const res = await bare.agent.post("/api/agent/invitations").send({ email: t.uniqueEmail() });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Create your agent profile before inviting clients.");
  });

  it("needs the Professional plan's agent dashboard (403 on Freemium), which an agent takes like any plan", async () => {
    const agent = await signUpAgent(t);
    expect((await agent.agent.post("/api/upgrade-plan").send({ planId: "freemium" })).status).toBe(200);
    const res = await agent.agent.post("/api/agent/invitations").send({ email: t.uniqueEmail() });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("Upgrade your plan to use the agent dashboard");
    // the dashboard's reads stay open, so the agent sees their status and what the plan unlocks
    expect((await agent.agent.get("/api/agent/stats")).status).toBe(200);
    // a client plan is not for agents; the pricing page's Professional button ("Contact Sales") calls this upgrade
    const clientPlan = await agent.agent.post("/api/upgrade-plan").send({ planId: "advanced_premium" });
    expect(clientPlan.status).toBe(403);
    expect(clientPlan.body.message).toBe("Agent accounts can choose the Professional plan.");
    expect((await agent.agent.post("/api/upgrade-plan").send({ planId: "professional" })).status).toBe(200);
    expect((await agent.agent.post("/api/agent/invitations").send({ email: t.uniqueEmail() })).status).toBe(201);
  });

  it("answers 400 with the spec's message for a bad e-mail", async () => {
    const res = await agentX.agent.post("/api/agent/invitations").send({ email: "not-an-email" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: "email", message: "Please enter a valid email address" }]);
  });
});

describe("TOK-03: accepting an invitation", () => {
  it("shows the invitee's names, links the client to the inviting agent, and refuses a second use (409)", async () => {
    const email = t.uniqueEmail("client");
    const { token } = await inviteClient(agentX, email);
    const page = await t.request().get(`/api/invitation/${token}`);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({ firstName: "Abena", lastName: "Owusu", email, agentName: "Kwesi Appiah" });
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    const client = await t.signUp({ email });
    expect((await client.agent.post(ACCEPT).send({ token })).status).toBe(200);
    expect(await agentIdOf(client.user.id)).toBe(agentX.user.id);
    const again = await client.agent.post(ACCEPT).send({ token });
    expect(again.status).toBe(409);
    expect((await t.request().get(`/api/invitation/${token}`)).status).toBe(409);
    const clients = await agentX.agent.get("/api/agent/clients");
    const listed = clients.body.find((c: { id: number }) => c.id === client.user.id);
    expect(Object.keys(listed).sort()).toEqual(["createdAt", "email", "firstName", "id", "lastName", "plan"]);
  });

  it("is bound to the invited e-mail: another account gets 403 and nothing changes", async () => {
    const { token } = await inviteClient(agentX, t.uniqueEmail("bound"));
    const stranger = await t.signUp();
    const res = await stranger.agent.post(ACCEPT).send({ token });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(WRONG_ACCOUNT_MESSAGE);
    expect(await agentIdOf(stranger.user.id)).toBeNull();
  });

  it("answers 404 once the agent revoked it, and the agent cannot revoke it twice (409)", async () => {
    const email = t.uniqueEmail("revoked");
    const { id, token } = await inviteClient(agentX, email);
    const revoked = await agentX.agent.post(`/api/agent/invitations/${id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe("revoked");
    expect((await agentX.agent.post(`/api/agent/invitations/${id}/revoke`)).status).toBe(409);
    const client = await t.signUp({ email });
    expect((await client.agent.post(ACCEPT).send({ token })).status).toBe(404);
    expect((await t.request().get(`/api/invitation/${token}`)).status).toBe(404);
  });

  it("resend gives a new link and kills the old one", async () => {
    const email = t.uniqueEmail("resend");
    const { id, token } = await inviteClient(agentX, email);
    const resent = await agentX.agent.post(`/api/agent/invitations/${id}/resend`);
    expect(resent.status).toBe(200);
    const fresh = String(resent.body.inviteUrl).split("/").pop()!;
    expect(fresh).not.toBe(token);
    expect((await t.request().get(`/api/invitation/${token}`)).status).toBe(404);
    expect((await t.request().get(`/api/invitation/${fresh}`)).status).toBe(200);
  });

  it("asks a client who already has an agent before switching", async () => {
    const email = t.uniqueEmail("switch");
    const first = await inviteClient(agentX, email);
    const client = await t.signUp({ email });
    expect((await client.agent.post(ACCEPT).send({ token: first.token })).status).toBe(200);
    const second = await inviteClient(agentY, email);
    const asked = await client.agent.post(ACCEPT).send({ token: second.token });
    expect(asked.status).toBe(409);
    expect(asked.body.message).toBe(SWITCH_AGENT_MESSAGE);
    expect(await agentIdOf(client.user.id)).toBe(agentX.user.id);
    expect((await client.agent.post(ACCEPT).send({ token: second.token, switchAgent: true })).status).toBe(200);
    expect(await agentIdOf(client.user.id)).toBe(agentY.user.id);
  });
});

describe("MASS-03: the agent comes from the invitation alone", () => {
  it("ignores agentId and referredBy naming another agent at registration and at acceptance", async () => {
    const email = t.uniqueEmail("mass");
    const { token } = await inviteClient(agentX, email);
    const agent = t.agent();
    const registered = await agent.post("/api/register").send({
      email,
      password: "Kente-Cloth-2026",
      firstName: "Esi",
      lastName: "Mensah",
      agentId: agentY.user.id,
      referredBy: agentY.user.id,
    });
    expect(registered.status).toBe(201);
    expect(registered.body.agentId).toBeNull();
    const res = await agent.post(ACCEPT).send({ token, agentId: agentY.user.id, referredBy: agentY.user.id });
    expect(res.status).toBe(200);
    expect(await agentIdOf(registered.body.id)).toBe(agentX.user.id);
    const yClients = await agentY.agent.get("/api/agent/clients");
    expect(yClients.body.map((c: { id: number }) => c.id)).not.toContain(registered.body.id);
  });
});

describe("the client's own link (settings)", () => {
  it("shows the client their agent and lets them end the link", async () => {
    const email = t.uniqueEmail("settings");
    const { token } = await inviteClient(agentX, email);
    const client = await t.signUp({ email });
    expect((await client.agent.get("/api/user/agent")).body).toBeNull();
    await client.agent.post(ACCEPT).send({ token }).expect(200);
    const mine = await client.agent.get("/api/user/agent");
    expect(mine.body).toMatchObject({ name: "Kwesi Appiah", businessName: "Appiah & Co Estates", isVerified: false });
    expect((await client.agent.delete("/api/user/agent")).status).toBe(204);
    expect(await agentIdOf(client.user.id)).toBeNull();
    expect((await client.agent.delete("/api/user/agent")).status).toBe(404);
    const clients = await agentX.agent.get("/api/agent/clients?limit=200");
    expect(clients.body.map((c: { id: number }) => c.id)).not.toContain(client.user.id);
  });
});

// Last: moving the clock 120 hours ends every earlier session.
describe("TOK-03: an expired invitation", () => {
  it("answers 404 after 120 hours, and for an unknown or malformed token", async () => {
    const email = t.uniqueEmail("late");
    const { token } = await inviteClient(agentX, email);
    t.clock.advance(120 * HOUR + 1000);
    const client = await t.signUp({ email });
    expect((await t.request().get(`/api/invitation/${token}`)).status).toBe(404);
    expect((await client.agent.post(ACCEPT).send({ token })).status).toBe(404);
    expect(await agentIdOf(client.user.id)).toBeNull();
    expect((await client.agent.post(ACCEPT).send({ token: "A".repeat(43) })).status).toBe(404);
    expect((await client.agent.post(ACCEPT).send({ token: "short" })).status).toBe(400);
  });
});
