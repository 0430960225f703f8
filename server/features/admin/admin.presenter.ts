import type {
  AdminAgentDto,
  AdminSettingsDto,
  AdminUserCounts,
  AdminUserDetailDto,
  AdminUserDto,
  AuditEntryDto,
} from "@shared/admin-api";
import { MAX_FILE_BYTES } from "@shared/asset-types";
import { DEFAULT_STORAGE_LIMIT_BYTES, type User } from "@shared/schema";
import { COMMISSION, type UserStatus } from "@shared/validators/admin";
import { ABSOLUTE_TIMEOUT_MS, IDLE_TIMEOUT_MS } from "../../auth/session";
import type { AppConfig } from "../../config";
import type { AgentRow } from "./admin-agents.service";
import type { AdminUserRow } from "./admin-users.queries";

const statusOf = (s: string): UserStatus => (s === "suspended" ? "suspended" : "active");

/** The console's user row: an explicit allow-list, so no hash, token, provider id or phone ever leaves. */
export function presentAdminUser(row: AdminUserRow): AdminUserDto {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    userType: row.userType,
    plan: row.plan,
    status: statusOf(row.status),
    storageUsed: row.storageUsed,
    storageLimit: row.storageLimit,
    emailVerified: row.emailVerified,
    twoFactorEnabled: row.twoFactorEnabled || row.passkeyCount > 0,
    createdAt: row.createdAt.toISOString(),
    agentProfile:
      row.agentVerified === undefined || row.agentVerified === null ? null : { isVerified: row.agentVerified },
  };
}

export function presentAdminUserDetail(user: User, counts: AdminUserCounts): AdminUserDetailDto {
  return {
    ...presentAdminUser(user),
    lastActivityAt: user.lastActivityAt.toISOString(),
    authProvider: user.authProvider,
    agentId: user.agentId,
    counts,
  };
}

export function presentAgent(row: AgentRow): AdminAgentDto {
  return {
    userId: row.userId,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    status: statusOf(row.status),
    isVerified: row.isVerified,
    commissionRate: row.commissionRate,
    clientCount: row.clientCount,
    earnings: row.earnings,
    createdAt: row.createdAt.toISOString(),
  };
}

export function presentAuditEntry(row: Omit<AuditEntryDto, "at"> & { at: Date }): AuditEntryDto {
  return { ...row, at: row.at.toISOString() };
}

/** The live configuration as the console shows it: which provider, which mode, which limit — never a key. */
export function presentSettings(config: AppConfig): AdminSettingsDto {
  return {
    defaults: {
      storageLimitBytes: DEFAULT_STORAGE_LIMIT_BYTES,
      agentCommissionRate: COMMISSION.default,
      maxFileSizeBytes: MAX_FILE_BYTES,
    },
    limits: {
      sessionIdleMinutes: IDLE_TIMEOUT_MS / 60_000,
      sessionAbsoluteHours: ABSOLUTE_TIMEOUT_MS / 3_600_000,
      jsonBodyKB: 512,
    },
    providers: {
      payments: config.paymentsMode,
      mail: config.smtpUrl ? "smtp" : "files",
      storage: config.storage.driver,
      sms: config.smsProvider,
      googleSignIn: config.google !== undefined,
      redis: config.redisUrl !== undefined,
    },
    mode: {
      environment: config.env,
      publicUrl: config.publicUrl,
      secure: config.isSecure,
      schedulerIntervalSeconds: config.schedulerIntervalMs / 1000,
    },
  };
}
