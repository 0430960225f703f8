import type {
  AgentClientDto,
  AgentEarningDto,
  AgentInvitationDto,
  AgentProfileDto,
  MyAgentDto,
} from "@shared/api-types";
import type { AgentInvitation, AgentProfile } from "@shared/schema";

const nameOf = (first: string | null, last: string | null, fallback: string) =>
  [first, last].filter(Boolean).join(" ") || fallback;

/** The profile, field by field: the verifier's id stays on the server. */
export function presentProfile(row: AgentProfile, clientCount: number): AgentProfileDto {
  return {
    id: row.id,
    businessName: row.businessName,
    licenseNumber: row.licenseNumber,
    practiceAreas: row.practiceAreas,
    specializations: row.specializations,
    businessAddress: row.businessAddress,
    businessPhone: row.businessPhone,
    website: row.website,
    yearsExperience: row.yearsExperience,
    clientCapacity: row.clientCapacity,
    isVerified: row.isVerified,
    commissionRate: row.commissionRate,
    clientCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The invitation without its token hash; a pending one past its expiry reads as expired. */
export function presentInvitation(row: AgentInvitation, now: Date): AgentInvitationDto {
  const known = row.status === "accepted" || row.status === "revoked" ? row.status : "pending";
  const status = known === "pending" && row.expiresAt <= now ? "expired" : known;
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    status,
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentClient(row: {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  plan: string;
  createdAt: Date;
}): AgentClientDto {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    plan: row.plan,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentEarning(row: {
  id: number;
  clientFirstName: string | null;
  clientLastName: string | null;
  transactionType: string;
  amount: string;
  commissionRate: string;
  commission: string;
  status: string;
  payoutMonth: string | null;
  createdAt: Date;
}): AgentEarningDto {
  const status = row.status === "payable" || row.status === "reversed" ? row.status : "pending";
  return {
    id: row.id,
    clientName: nameOf(row.clientFirstName, row.clientLastName, "Former client"),
    transactionType: row.transactionType,
    amount: row.amount,
    commissionRate: row.commissionRate,
    commission: row.commission,
    status,
    payoutMonth: row.payoutMonth,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentMyAgent(row: {
  firstName: string | null;
  lastName: string | null;
  email: string;
  businessName: string | null;
  businessPhone: string | null;
  website: string | null;
  isVerified: boolean | null;
}): MyAgentDto {
  return {
    name: nameOf(row.firstName, row.lastName, "Your agent"),
    email: row.email,
    businessName: row.businessName,
    businessPhone: row.businessPhone,
    website: row.website,
    isVerified: row.isVerified ?? false,
  };
}
