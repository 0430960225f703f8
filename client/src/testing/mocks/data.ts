import type { BeneficiaryDto, PublicUser, TypedAssetDto } from "@shared/api-types";

const AT = "2026-11-25T10:00:00.000Z";

/** The signed-in client every component test starts as. */
export const TEST_USER: PublicUser = {
  id: 1,
  email: "ama.mensah@example.com",
  firstName: "Ama",
  lastName: "Mensah",
  profileImageUrl: null,
  phone: null,
  userType: "client",
  agentId: null,
  plan: "freemium",
  storageUsed: 0,
  storageLimit: 10 * 1024 * 1024,
  emailVerified: true,
  authProvider: "local",
  twoFactorEnabled: false,
  passkeyCount: 0,
  createdAt: AT,
  roleChoice: "client",
  onboardedAt: AT,
};

export function buildBeneficiary(overrides: Partial<BeneficiaryDto> = {}): BeneficiaryDto {
  return {
    id: 7,
    firstName: "Kofi",
    lastName: "Boateng",
    email: "kofi.boateng@example.com",
    relationship: "sibling",
    status: "pending",
    verifiedAt: null,
    verificationMail: "sent",
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function buildTypedAsset(overrides: Partial<TypedAssetDto> = {}): TypedAssetDto {
  return {
    id: 11,
    title: "Savings account",
    assignedToBeneficiary: null,
    status: "active",
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}
