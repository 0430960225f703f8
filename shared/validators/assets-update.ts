import {
  ASSET_MESSAGES,
  createDigitalContentSchema,
  createFinancialAssetSchema,
  createIntellectualPropertySchema,
  createOnlineAccountSchema,
  createPersonalDocumentSchema,
  createPhysicalAssetSchema,
} from "./assets";
import { requiredText } from "./common";

/**
 * Update (PUT) schemas of the typed assets: the create rules on whichever fields are sent. A required field that
 * is sent must still be valid ("" → its required message); optional fields sent empty are cleared by the server.
 * Online accounts validate the raw fields (their create schema's mapping from title/category runs on the server).
 */
export const updateTypedAssetSchemas = {
  intellectual_property: createIntellectualPropertySchema.partial(),
  financial_assets: createFinancialAssetSchema.partial(),
  physical_assets: createPhysicalAssetSchema.partial(),
  digital_content: createDigitalContentSchema.partial(),
  personal_documents: createPersonalDocumentSchema.partial(),
  online_accounts: createOnlineAccountSchema.in
    .extend({
      accountName: requiredText(ASSET_MESSAGES.accountName),
      title: requiredText(ASSET_MESSAGES.accountName),
    })
    .partial(),
} as const;
