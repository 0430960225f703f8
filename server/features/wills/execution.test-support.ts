import type { Agent } from "supertest";
import { fileOf } from "../../test/files";

export const WITNESS_A = { fullName: "Ama Ɔwusu", address: "12 Ring Road, Accra", occupation: "Teacher" };
export const WITNESS_B = { fullName: "Yaw Ŋkrumah", address: "4 Oxford Street, Osu", occupation: "Pharmacist" };

/** A complete execution record: the testator and two witnesses with Ghanaian letters. */
export function executionBody(overrides: Record<string, unknown> = {}) {
  return {
    testatorName: "Kwabena Ɔsɛi Aŋ",
    testatorAddress: "7 Adum Road, Kumasi",
    place: "Kumasi",
    signedOn: "2026-12-01",
    originalLocation: "With my lawyer at Ɛsi & Co., Accra",
    witnesses: [WITNESS_A, WITNESS_B],
    ...overrides,
  };
}

/** A will version whose execution record is saved and marked ready to sign; answers the will's id. */
export async function readyWill(
  agent: Agent,
  content = "I leave my house in Kumasi to my daughter Ɛsi.",
): Promise<number> {
  const will = await agent.post("/api/digital-wills").send({ title: "Last will of Kwabena", content });
  if (will.status !== 201) throw new Error(`will: ${will.status} ${will.text}`);
  const id = will.body.id as number;
  const saved = await agent.put(`/api/digital-wills/${id}/execution`).send(executionBody());
  if (saved.status !== 200) throw new Error(`execution: ${saved.status} ${saved.text}`);
  const ready = await agent.post(`/api/digital-wills/${id}/execution/ready`);
  if (ready.status !== 200) throw new Error(`ready: ${ready.status} ${ready.text}`);
  return id;
}

export const SCAN = fileOf("pdf", 4096);

/** POST the signed pages of the version. */
export function uploadScan(agent: Agent, willId: number, data: Buffer = SCAN, name = "signed-will.pdf") {
  return agent.post(`/api/digital-wills/${willId}/execution/scan`).attach("files", data, name);
}
