import type { AssetKind } from "./asset-types";
import type {
  DistributionStatus,
  DistributionTiming,
  EstateDistributionFields,
} from "./validators/estate-distribution";
import type { MomoPaymentStatus } from "./validators/mobile-money";

/** Shapes the API answers with; the server's presenters produce exactly these. */
export type UserType = "client" | "agent" | "admin";
/** What the user picked on the role selection screen (/onboarding). */
export type RoleChoice = "client" | "agent" | "admin";

export type PublicUser = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  /** The user's own mobile number (E.164) or null; only ever in answers to the user themselves. */
  phone: string | null;
  userType: UserType;
  agentId: number | null;
  plan: string;
  storageUsed: number;
  storageLimit: number;
  emailVerified: boolean;
  authProvider: "local" | "google";
  /** Sign-in asks for a second factor; agents and admins need it for their role's routes. */
  twoFactorEnabled: boolean;
  /** How many passkeys the user has: each signs in without a password, and counts as a second factor. */
  passkeyCount: number;
  createdAt: string;
  roleChoice: RoleChoice | null;
  /** When the user first picked a role; null while a client has not chosen yet (the SPA then opens /onboarding). */
  onboardedAt: string | null;
};

/**
 * Contract: what an agent or admin route answers (403) until a second factor is on. Here, with no zod, so the SPA's
 * first load can recognise it.
 */
export const TWO_FACTOR_REQUIRED_FOR_ROLE = "Two-factor sign-in is required for this role";

export type ApiErrorBody = {
  message: string;
  errors?: { path: string; message: string }[];
  requestId?: string;
};

/** GET /api/beneficiaries items (and POST/PATCH answers). Tokens never leave the server. */
export type BeneficiaryDto = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  relationship: string;
  /** YYYY-MM-DD, or null when not given (age-milestone triggers need it). */
  dateOfBirth?: string | null;
  status: "pending" | "verified";
  verifiedAt: string | null;
  createdAt: string;
  updatedAt: string;
  /**
   * The verification e-mail: `sent` (queued for delivery, or long delivered), or `waiting_for_your_email` while the
   * owner's own e-mail address is unconfirmed — messages to other people are held until it is (contract).
   */
  verificationMail: "sent" | "waiting_for_your_email";
};

/** GET /api/digital-wills items, GET /api/digital-wills/active (or null), POST answer. */
export type WillDto = {
  id: number;
  title: string;
  content: string;
  isActive: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
};

/** GET /api/assets items: uploaded files. `filePath` and blob keys stay on the server. */
export type FileAssetDto = {
  id: number;
  originalFileName: string;
  mimeType: string;
  fileSize: number;
  category: string;
  description: string | null;
  assignedToBeneficiary: number | null;
  createdAt: string;
};

/**
 * Typed assets (GET /api/<type> items, POST/PUT answers): every column of the type's table except userId, with
 * sensitive fields decrypted for the owner. Values are strings or null; ids numbers; dates ISO strings.
 */
export type TypedAssetDto = {
  id: number;
  title: string;
  assignedToBeneficiary: number | null;
  priority?: string;
  status: string;
  createdAt: string;
  updatedAt: string;
} & Record<string, string | number | null | undefined>;

/** GET /api/asset-index: one row per asset of any type, for the All Assets tab (paginated, X-Total-Count). */
export type AssetIndexItem = {
  kind: import("./asset-types").AssetKind;
  id: number;
  title: string;
  category: string;
  assignedToBeneficiary: number | null;
  /** Uploaded files only. */
  fileSize: number | null;
  mimeType: string | null;
  createdAt: string;
};

type UsedLimit = { used: number; limit: number | null };

/** GET /api/dashboard/stats (spec 000 §3 "Dashboard stats read"). storageUsed and limits in bytes. */
export type DashboardStats = {
  totalAssets: number;
  beneficiaries: number;
  trustedParties: number;
  storageUsed: number;
  storageLimit: number;
  usage: { documents: UsedLimit; images: UsedLimit; videos: UsedLimit; ipAssets: UsedLimit; files: UsedLimit };
};

/**
 * A trusted party as its owner sees it (contract "Trusted parties and death verification"). In lists the phone,
 * Ghana Card and mobile-money numbers are masked; only `GET /api/enhanced-trusted-parties/:id` (the owner's edit
 * form) returns them whole.
 */
export type TrustedPartyDto = {
  id: number;
  trustedPersonName: string;
  trustedPersonEmail: string;
  trustedPersonPhone: string | null;
  relationship: string;
  canInitiateDeathVerification: boolean;
  canAccessAssets: boolean;
  canManageBeneficiaries: boolean;
  ghanaCardNumber: string | null;
  mobileMoneyNumber: string | null;
  traditionalAuthority: string | null;
  status: "inactive" | "active" | "revoked";
  activatedAt: string | null;
  revokedAt: string | null;
  invitationExpiresAt: string | null;
  /** The invitation e-mail: `waiting_for_your_email` while the owner's own address is unconfirmed (contract). */
  invitationMail: "sent" | "waiting_for_your_email" | null;
  createdAt: string;
  updatedAt: string;
};

/** What an invitation link shows before it is accepted: who invited whom, nothing else. */
export type TrustedPartyInvitationDto = {
  ownerName: string;
  trustedPersonName: string;
  invitedEmail: string;
};

/** One person who named the caller as an active trusted party, with the caller's permissions (`GET /api/trusted-for`). */
export type TrustedForDto = {
  id: number;
  /** The account that named the caller: the `subjectUserId` of a death verification request about them. */
  ownerId: number;
  ownerName: string;
  relationship: string;
  canInitiateDeathVerification: boolean;
  canAccessAssets: boolean;
  canManageBeneficiaries: boolean;
  activatedAt: string | null;
};

/**
 * `GET/PUT /api/estate-distribution`: the owner's settings (spec 001 §3). `savedAt` is null while the defaults stand;
 * `status`, `executionDate` and `completedAt` are the server's own.
 */
export type EstateDistributionDto = EstateDistributionFields & {
  status: DistributionStatus;
  executionDate: string | null;
  completedAt: string | null;
  savedAt: string | null;
};

/** One step of the owner's distribution timeline (`GET /api/estate-distribution/preview`). */
export type DistributionStageDto = {
  timing: DistributionTiming;
  kinds: { kind: AssetKind; count: number }[];
  /** Days after the death is verified; null while the step waits for a legal review. */
  afterDays: number | null;
};

export type DistributionPreviewDto = {
  stages: DistributionStageDto[];
  excluded: { kind: AssetKind; count: number }[];
};

/** The execution record of one will version (issue 20); `witnesses` as recorded, warnings computed on each read. */
export type WillExecutionDto = {
  /** The will version's id: a record is one per version, addressed as /api/digital-wills/:id/execution. */
  id: number;
  willId: number;
  version: number;
  status: "draft" | "ready" | "executed" | "superseded";
  testatorName: string;
  testatorAddress: string;
  place: string;
  signedOn: string | null;
  originalLocation: string | null;
  witnesses: {
    fullName: string;
    address: string;
    occupation: string;
    email?: string;
    spouseName?: string;
  }[];
  scan: { fileName: string; mimeType: string; fileSize: number } | null;
  executedAt: string | null;
  updatedAt: string;
  warnings: { code: string; message: string }[];
};

/** `GET/POST /api/agent/profile`, `POST /api/agent/onboard` (spec 001 §3 "Agent profile"). */
export type AgentProfileDto = {
  id: number;
  businessName: string;
  licenseNumber: string | null;
  practiceAreas: string[];
  specializations: string[];
  businessAddress: string | null;
  businessPhone: string | null;
  website: string | null;
  yearsExperience: number | null;
  clientCapacity: number | null;
  isVerified: boolean;
  /** Percent as an exact decimal string, e.g. "10.00". */
  commissionRate: string;
  clientCount: number;
  createdAt: string;
};

export type AgentStatsDto = {
  totalClients: number;
  pendingInvitations: number;
  /** Exact decimal string. */
  totalEarnings: string;
  businessStatus: "Verified" | "Pending";
  hasProfile: boolean;
};

/** An agent's client: profile fields and plan only, never anything of their estate. */
export type AgentClientDto = {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  plan: string;
  createdAt: string;
};

export type AgentInvitationStatus = "pending" | "accepted" | "revoked" | "expired";

export type AgentInvitationDto = {
  id: number;
  email: string;
  firstName: string | null;
  lastName: string | null;
  status: AgentInvitationStatus;
  expiresAt: string;
  acceptedAt: string | null;
  createdAt: string;
};

/** `POST /api/agent/invitations` and `…/:id/resend`: the link, shown once. */
export type CreatedAgentInvitationDto = AgentInvitationDto & { inviteUrl: string };

/** `GET /api/invitation/:token`. */
export type PublicAgentInvitationDto = { firstName: string; lastName: string; email: string; agentName: string };

export type AgentEarningDto = {
  id: number;
  clientName: string;
  transactionType: string;
  amount: string;
  commissionRate: string;
  commission: string;
  status: "pending" | "payable" | "reversed";
  payoutMonth: string | null;
  createdAt: string;
};

export type AgentMonthlyEarningsDto = { month: string; total: string; count: number; payable: boolean };

/** `GET /api/user/agent`: the client's own agent, or null. */
export type MyAgentDto = {
  name: string;
  email: string;
  businessName: string | null;
  businessPhone: string | null;
  website: string | null;
  isVerified: boolean;
};

/** A Mobile Money payment as its payer sees it (server/features/mobile-money/momo.presenter.ts). */
export type MomoPaymentDto = {
  reference: string;
  status: MomoPaymentStatus;
  network: string;
  /** The payer's number as the screen shows it: only its last four digits were kept. */
  phone: string;
  amount: string;
  currency: string;
  testMode: boolean;
  failureReason: string | null;
  createdAt: string;
  expiresAt: string;
  completedAt: string | null;
  /** Paid, but the purchase could no longer be granted: the money was added to the payer's account credit. */
  creditedInstead: boolean;
};
