import { ASSET_KINDS, humanize, type TypedAssetKind } from "@shared/asset-types";
import { ASSET_MESSAGES } from "@shared/validators/assets";
import { PRIORITIES } from "@shared/validators/common";
import type { SelectOption } from "@/components/ui/select-field";

export type FieldControl = "text" | "email" | "date" | "textarea" | "secret" | "select" | "beneficiary";

export type AssetFieldConfig = {
  /** The body field the schema reads. */
  name: string;
  label: string;
  control: FieldControl;
  isRequired?: boolean;
  /** The shared schema's message for an empty required field (ASSET_MESSAGES). */
  requiredMessage?: string;
  options?: readonly SelectOption[];
  /** Shown as the select's empty first option; "" is sent as absent. */
  emptyOption?: string;
  placeholder?: string;
  /** The row column an edit reads the value from, when it differs from `name` (category → assetType). */
  readFrom?: string;
  defaultValue?: string;
};

export type AssetFormConfig = {
  /** "Financial Asset": dialog titles say "Add Financial Asset" / "Edit Financial Asset". */
  noun: string;
  fields: readonly AssetFieldConfig[];
};

const toOptions = (values: readonly string[]): SelectOption[] => values.map((v) => ({ value: v, label: humanize(v) }));

const category = (kind: TypedAssetKind, label = "Category"): AssetFieldConfig => ({
  name: "category",
  label,
  control: "select",
  isRequired: true,
  requiredMessage: ASSET_MESSAGES.category,
  options: toOptions(ASSET_KINDS[kind].categories),
  emptyOption: "Select a category",
  readFrom: ASSET_KINDS[kind].categoryField,
});

const title: AssetFieldConfig = {
  name: "title",
  label: "Title",
  control: "text",
  isRequired: true,
  requiredMessage: ASSET_MESSAGES.title,
};
const description: AssetFieldConfig = { name: "description", label: "Description", control: "textarea" };
const text = (name: string, label: string, placeholder?: string): AssetFieldConfig => ({
  name,
  label,
  control: "text",
  placeholder,
});
const date = (name: string, label: string): AssetFieldConfig => ({ name, label, control: "date" });
const secret = (name: string, label: string): AssetFieldConfig => ({ name, label, control: "secret" });
const notes = (name: string, label: string): AssetFieldConfig => ({ name, label, control: "textarea" });
const rank = (name: "priority" | "importance", label: string): AssetFieldConfig => ({
  name,
  label,
  control: "select",
  options: toOptions(PRIORITIES),
  defaultValue: "medium",
});
const beneficiary: AssetFieldConfig = {
  name: "assignedToBeneficiary",
  label: "Assign to beneficiary",
  control: "beneficiary",
};

/**
 * One add/edit dialog per typed kind (spec 000 §3, spec 001 §3). Secrets typed in one line (hints, account numbers,
 * codes) are "secret" controls: masked with a show toggle. Which fields are encrypted at rest is a wider list
 * (ASSET_KINDS[kind].sensitiveFields: the notes too), decided on the server.
 */
export const ASSET_FORMS: Record<TypedAssetKind, AssetFormConfig> = {
  online_accounts: {
    noun: "Online Account",
    fields: [
      {
        name: "accountName",
        label: "Account name",
        control: "text",
        isRequired: true,
        requiredMessage: ASSET_MESSAGES.accountName,
        placeholder: "Personal Gmail",
      },
      {
        ...category("online_accounts", "Account type"),
        name: "accountType",
        requiredMessage: ASSET_MESSAGES.accountType,
        emptyOption: "Select an account type",
      },
      text("platform", "Platform", "gmail.com"),
      text("username", "Username"),
      { name: "email", label: "Email", control: "email" },
      secret("passwordHint", "Password hint"),
      notes("recoveryInfo", "Recovery information"),
      notes("twoFactorInfo", "Two-factor authentication"),
      text("accountValue", "Value"),
      rank("priority", "Priority"),
      beneficiary,
      notes("instructions", "Instructions for your beneficiary"),
    ],
  },
  intellectual_property: {
    noun: "Intellectual Property",
    fields: [
      title,
      category("intellectual_property"),
      text("registrationNumber", "Registration number"),
      text("registrar", "Registrar"),
      date("filingDate", "Filing date"),
      date("renewalDate", "Renewal date"),
      text("value", "Value", "GHS 20,000"),
      rank("priority", "Priority"),
      beneficiary,
      description,
      notes("documentation", "Documentation"),
    ],
  },
  financial_assets: {
    noun: "Financial Asset",
    fields: [
      title,
      category("financial_assets"),
      {
        name: "accountName",
        label: "Account name",
        control: "text",
        isRequired: true,
        requiredMessage: ASSET_MESSAGES.accountName,
      },
      text("institution", "Institution"),
      text("accountType", "Account type", "Savings, brokerage…"),
      secret("accountNumber", "Account number"),
      text("currentValue", "Current value"),
      rank("priority", "Priority"),
      beneficiary,
      secret("accessInfo", "Access information"),
      text("documentLocation", "Document location"),
      notes("contactInfo", "Contact information"),
      description,
    ],
  },
  physical_assets: {
    noun: "Physical Asset",
    fields: [
      title,
      category("physical_assets"),
      { name: "name", label: "Name", control: "text", isRequired: true, requiredMessage: ASSET_MESSAGES.name },
      text("location", "Location"),
      text("serialNumber", "Serial number"),
      date("purchaseDate", "Purchase date"),
      text("purchasePrice", "Purchase price"),
      text("currentValue", "Current value"),
      secret("accessCodes", "Access codes"),
      rank("priority", "Priority"),
      beneficiary,
      notes("insurance", "Insurance"),
      description,
    ],
  },
  digital_content: {
    noun: "Digital Content",
    fields: [
      title,
      category("digital_content"),
      text("storageLocation", "Storage location"),
      text("backupLocation", "Backup location"),
      text("licenseInfo", "License"),
      text("renewalInfo", "Renewal"),
      secret("accessInfo", "Access information"),
      text("value", "Value"),
      rank("priority", "Priority"),
      beneficiary,
      description,
    ],
  },
  personal_documents: {
    noun: "Personal Document",
    fields: [
      title,
      category("personal_documents"),
      secret("documentNumber", "Document number"),
      text("issuingAuthority", "Issuing authority"),
      date("issueDate", "Issue date"),
      date("expirationDate", "Expiration date"),
      text("documentLocation", "Where the original is kept"),
      secret("accessInfo", "Access information"),
      rank("importance", "Importance"),
      beneficiary,
      description,
    ],
  },
};
