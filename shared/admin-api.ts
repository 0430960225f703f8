import type { UserStatus } from "./validators/admin";

/**
 * The admin console's answers (contract "Admin"). Admins see metadata — names, counts, sizes, dates — never a user's
 * decrypted fields or files: every type here is built by an explicit presenter (server/features/admin).
 */
export type AdminStatsDto = {
  totalUsers: number;
  newUsersThisMonth: number;
  activeAgents: number;
  pendingAgents: number;
  /** This calendar month's confirmed payments (UTC), a decimal string in the plan currency. */
  monthlyRevenue: string;
  /** Percent change against last month's confirmed payments; null when last month had none. */
  revenueGrowth: number | null;
  totalStorageUsed: number;
  /** Spec 001 §3 names the figure in GB: the same bytes, rounded to 2 decimals. */
  totalStorageGB: number;
  currency: "USD";
  /** Test-mode payments: the revenue is test payments, and the screen says so. */
  paymentsMode: "stripe" | "test";
};

export type AdminUserDto = {
  id: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  userType: string;
  plan: string;
  status: UserStatus;
  storageUsed: number;
  storageLimit: number;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
  createdAt: string;
  /** Spec 001 §3 `agentProfile.isVerified`; null while no agent profile exists. */
  agentProfile: { isVerified: boolean } | null;
};

/** How many records of each kind a user keeps: counts only, never their contents. */
export type AdminUserCounts = {
  files: number;
  typedAssets: number;
  beneficiaries: number;
  wills: number;
  trustedParties: number;
  triggers: number;
  activeSessions: number;
};

export type AdminUserDetailDto = AdminUserDto & {
  lastActivityAt: string;
  authProvider: string;
  agentId: number | null;
  counts: AdminUserCounts;
};

export type AdminAgentDto = {
  userId: number;
  firstName: string | null;
  lastName: string | null;
  email: string;
  status: UserStatus;
  isVerified: boolean;
  commissionRate: string | null;
  clientCount: number;
  /** Commission earned so far, a decimal string; "0.00" until earnings are recorded. */
  earnings: string;
  createdAt: string;
};

export type MetricPoint = { month: string; value: number };

/** GET /api/admin/metrics: the last 12 calendar months (UTC), oldest first. */
export type AdminMetricsDto = {
  signUps: MetricPoint[];
  /** Confirmed payments per month, in the plan currency (a number for the chart). */
  revenue: MetricPoint[];
  /** Bytes of files stored at the end of each month (files still kept). */
  storage: MetricPoint[];
};

export type AuditEntryDto = {
  id: number;
  at: string;
  actorId: number | null;
  action: string;
  target: string | null;
  subjectUserId: number | null;
  ip: string | null;
  requestId: string | null;
};

/** GET /api/admin/settings: the live configuration, never a secret. */
export type AdminSettingsDto = {
  defaults: { storageLimitBytes: number; agentCommissionRate: number; maxFileSizeBytes: number };
  limits: { sessionIdleMinutes: number; sessionAbsoluteHours: number; jsonBodyKB: number };
  providers: {
    payments: "stripe" | "test";
    mail: "smtp" | "files";
    storage: "local" | "s3";
    sms: string;
    googleSignIn: boolean;
    redis: boolean;
  };
  mode: { environment: string; publicUrl: string; secure: boolean; schedulerIntervalSeconds: number };
};
