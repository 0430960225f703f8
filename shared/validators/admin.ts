import { z } from "zod";
import { stripInvisible } from "./common";

/** The user list's role filter (spec 001 §6: all, admin, agent or client). */
export const ADMIN_ROLE_FILTERS = ["all", "admin", "agent", "client"] as const;
export type AdminRoleFilter = (typeof ADMIN_ROLE_FILTERS)[number];

export const USER_STATUSES = ["active", "suspended"] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Agent commission bounds and default, in percent (spec 001 §9). */
export const COMMISSION = { min: 5, max: 20, default: 10 } as const;
export const COMMISSION_MESSAGE = `Commission must be between ${COMMISSION.min} and ${COMMISSION.max}%`;

export const ADMIN_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

/** `?limit=&offset=` as query strings; anything else is a 400, never a 500 (MASS-09). */
const page = {
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(ADMIN_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
};

/** GET /api/admin/users: role filter, a search by name or e-mail, one page. */
export const adminUsersQuerySchema = z.object({
  role: z.enum(ADMIN_ROLE_FILTERS, { error: "Choose all, admin, agent or client" }).default("all"),
  q: z
    .string()
    .optional()
    .transform((v) => (v === undefined ? "" : stripInvisible(v).trim().toLowerCase()))
    .pipe(z.string().max(100, { error: "Search at most 100 characters" })),
  ...page,
});
export type AdminUsersQuery = z.infer<typeof adminUsersQuerySchema>;

export const userStatusSchema = z.object({
  status: z.enum(USER_STATUSES, { error: "Status must be active or suspended" }),
});
export type UserStatusInput = z.infer<typeof userStatusSchema>;

/** Deleting a user is typed out: the admin types the account's e-mail address. */
export const DELETE_CONFIRM_MESSAGE = "Type the user's e-mail address to confirm";
export const adminDeleteUserSchema = z.object({
  confirmEmail: z
    .string({ error: DELETE_CONFIRM_MESSAGE })
    .trim()
    .min(1, { error: DELETE_CONFIRM_MESSAGE })
    .max(254, { error: DELETE_CONFIRM_MESSAGE }),
});
export type AdminDeleteUserInput = z.infer<typeof adminDeleteUserSchema>;

/** PATCH /api/admin/agents/:agentId/commission: a number (or numeric string) from 5 to 20, two decimals at most. */
export const commissionSchema = z.object({
  commissionRate: z.coerce
    .number({ error: COMMISSION_MESSAGE })
    .min(COMMISSION.min, { error: COMMISSION_MESSAGE })
    .max(COMMISSION.max, { error: COMMISSION_MESSAGE })
    .refine((n) => Math.round(n * 100) === n * 100, { error: "Use at most two decimals" }),
});
export type CommissionInput = z.infer<typeof commissionSchema>;

const isoDate = z.iso.date({ error: "Use a date like 2026-01-31" });
/** A filter left empty in the form ("") is no filter. */
const blankIsAbsent = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

/** GET /api/admin/audit: by actor, action and day range (UTC), newest first. */
export const adminAuditQuerySchema = z
  .object({
    actorId: blankIsAbsent(z.coerce.number().int().positive({ error: "Actor must be a user id" })),
    action: blankIsAbsent(
      z
        .string()
        .trim()
        .max(64)
        .regex(/^[a-z0-9_]+$/, { error: "Unknown action" }),
    ),
    from: blankIsAbsent(isoDate),
    to: blankIsAbsent(isoDate),
    ...page,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    error: "The start date must be before the end date",
    path: ["to"],
  });
export type AdminAuditQuery = z.infer<typeof adminAuditQuerySchema>;
