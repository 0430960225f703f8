import type { Flow } from "../run";
import { adminFlow } from "./admin";
import { agentsFlow } from "./agents";
import { assetsFlow } from "./assets";
import { backupFlow } from "./backup";
import { billingFlow } from "./billing";
import { budgetFlow } from "./budget";
import { deathVerificationFlow } from "./death-verification";
import { distributionFlow } from "./distribution";
import { estateFlow } from "./estate";
import { foundationFlow } from "./foundation";
import { giftCardPrintFlow } from "./gift-card-print";
import { giftCardsFlow } from "./gift-cards";
import { notificationsFlow } from "./notifications";
import { onboardingFlow } from "./onboarding";
import { passkeysFlow } from "./passkeys";
import { releaseFlow } from "./release";
import { settingsFlow } from "./settings";
import { twoFactorFlow } from "./two-factor";
import { willSigningFlow } from "./will-signing";

/** Every browser flow, run in order by e2e/run.ts, each in a fresh browser context. */
export const flows: Flow[] = [
  budgetFlow,
  foundationFlow,
  onboardingFlow,
  estateFlow,
  willSigningFlow,
  assetsFlow,
  billingFlow,
  backupFlow,
  notificationsFlow,
  releaseFlow,
  settingsFlow,
  twoFactorFlow,
  passkeysFlow,
  distributionFlow,
  adminFlow,
  agentsFlow,
  giftCardsFlow,
  giftCardPrintFlow,
  deathVerificationFlow,
];
