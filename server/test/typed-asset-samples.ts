import type { TypedAssetKind } from "@shared/asset-types";

/**
 * Test-only: one valid add-dialog body per kind, every sensitive field set. Each holds the canary, except the three
 * the printable estate summary shows in full (an account's e-mail, a physical asset's location, where digital content
 * is stored): those hold the recognisable plain values of PRINTED, so "no canary" checks of the PDF still hold.
 */
export const CANARY = "CANARY-7f3a";
export const PRINTED = {
  email: "ama.owusu.7f3a@example.com",
  location: "Plot 12, East Legon 7f3a",
  storageLocation: "Drive folder Blog 7f3a",
};

export const SAMPLES: Record<TypedAssetKind, { path: string; table: string; body: Record<string, string> }> = {
  intellectual_property: {
    path: "/api/intellectual-property",
    table: "intellectual_property",
    body: {
      title: "Adinkra pattern",
      category: "trademark",
      registrationNumber: "TM-2020-1",
      value: "5000",
      description: `${CANARY}-ip-description`,
      documentation: `${CANARY}-certificate in the office safe`,
    },
  },
  financial_assets: {
    path: "/api/financial-assets",
    table: "financial_assets",
    body: {
      title: "Savings",
      category: "investment",
      accountName: "GCB Savings",
      accountNumber: `${CANARY}-acct`,
      accessInfo: `${CANARY}-access`,
      beneficiaryInfo: `${CANARY}-beneficiary: Ama, 50%`,
      contactInfo: `${CANARY}-contact: branch manager 030 000 0000`,
      documentLocation: `${CANARY}-papers in the blue file`,
      description: `${CANARY}-fa-description`,
      value: "10000",
    },
  },
  physical_assets: {
    path: "/api/physical-assets",
    table: "physical_assets",
    body: {
      title: "House",
      category: "real_estate",
      name: "Family house",
      accessCodes: `${CANARY}-codes`,
      location: PRINTED.location,
      documentation: `${CANARY}-deeds at the lawyer's`,
      insurance: `${CANARY}-policy 4471`,
      description: `${CANARY}-pa-description`,
    },
  },
  digital_content: {
    path: "/api/digital-content",
    table: "digital_content",
    body: {
      title: "Blog archive",
      category: "creative_work",
      accessInfo: `${CANARY}-dc`,
      storageLocation: PRINTED.storageLocation,
      backupLocation: `${CANARY}-usb disk in the drawer`,
      licenseInfo: `${CANARY}-licence`,
      renewalInfo: `${CANARY}-renews in January`,
      description: `${CANARY}-dc-description`,
    },
  },
  personal_documents: {
    path: "/api/personal-documents",
    table: "personal_documents",
    body: {
      title: "Passport",
      category: "legal",
      documentNumber: `${CANARY}-G123`,
      accessInfo: `${CANARY}-safe`,
      documentLocation: `${CANARY}-bedroom wardrobe`,
      description: `${CANARY}-pd-description`,
      priority: "high",
    },
  },
  online_accounts: {
    path: "/api/online-accounts",
    table: "online_accounts",
    body: {
      title: "Gmail",
      category: "email",
      email: PRINTED.email,
      username: `${CANARY}-user`,
      passwordHint: `${CANARY}-hint`,
      recoveryInfo: `${CANARY}-recovery`,
      twoFactorInfo: `${CANARY}-2fa`,
      securityQuestions: `${CANARY}-questions`,
      instructions: `${CANARY}-close it and keep the photos`,
      description: `${CANARY}-oa-description`,
    },
  },
};

/** The column the add dialog's `category` lands in, per kind (contract). */
export const CATEGORY_COLUMN: Record<TypedAssetKind, string> = {
  intellectual_property: "assetType",
  financial_assets: "assetType",
  physical_assets: "assetType",
  digital_content: "contentType",
  personal_documents: "documentType",
  online_accounts: "accountType",
};
