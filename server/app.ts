import express, { type Express, type RequestHandler } from "express";
import helmet from "helmet";
import type { Redis as RedisClient } from "ioredis";
import { pinoHttp } from "pino-http";
import { randomUUID } from "node:crypto";
import { createPassport } from "./auth/passport";
import { createLimiters, type Limiters } from "./auth/rate-limits";
import { createSession, enforceSessionLimits } from "./auth/session";
import type { AppDeps } from "./deps";
import { registerAuthRoutes } from "./features/auth/auth.routes";
import { registerAccountRoutes } from "./features/account/account.routes";
import { registerTwoFactorRoutes } from "./features/two-factor/two-factor.routes";
import { registerProfileRoutes } from "./features/account/profile.routes";
import { registerEmailChangeRoutes } from "./features/account/email-change.routes";
import { registerPasskeyRoutes } from "./features/passkeys/passkeys.routes";
import { registerOnboardingRoutes } from "./features/onboarding/onboarding.routes";
import { registerHealthRoutes } from "./features/health/health.routes";
import { registerAssetRoutes } from "./features/assets/assets.routes";
import { registerTypedAssetRoutes } from "./features/typed-assets/typed-assets.routes";
import { registerBeneficiaryRoutes } from "./features/beneficiaries/beneficiaries.routes";
import { registerTrustedPartyRoutes } from "./features/trusted-parties/trusted-parties.routes";
import { registerEstateDistributionAdminRoutes } from "./features/estate-distribution/distribution-admin.routes";
import { registerDeathVerificationAdminRoutes } from "./features/death-verification/admin.routes";
import { registerDeathVerificationRoutes } from "./features/death-verification/dv.routes";
import { registerEstateDistributionRoutes } from "./features/estate-distribution/estate-distribution.routes";
import { registerAgentRoutes } from "./features/agents/agents.routes";
import { registerAgentInvitationRoutes } from "./features/agents/invitations.routes";
import { registerWillRoutes } from "./features/wills/wills.routes";
import { registerDashboardRoutes } from "./features/dashboard/dashboard.routes";
import { registerBillingRoutes, STRIPE_WEBHOOK_PATH } from "./features/billing/billing.routes";
import { registerMomoRoutes } from "./features/mobile-money/momo.routes";
import { registerGiftCardRoutes } from "./features/gift-cards/gift-cards.routes";
import { registerBackupRoutes } from "./features/backup/backup.routes";
import { registerAssetBundleRoutes } from "./features/asset-bundles/asset-bundles.routes";
import { registerTriggerRoutes } from "./features/triggers/triggers.routes";
import { registerCheckInRoutes } from "./features/check-in/check-in.routes";
import { registerActivityRoutes } from "./features/activity/activity.routes";
import { registerNotificationRoutes } from "./features/notifications/notifications.routes";
import { registerReleaseRoutes } from "./features/releases/releases.routes";
import { registerAdminUserRoutes } from "./features/admin/admin-users.routes";
import { registerAdminInsightRoutes } from "./features/admin/admin-insights.routes";
import { settlePlanExpiryOnRequest } from "./features/billing/plan-expiry";
import { AppError, serviceUnavailable } from "./lib/app-error";
import { createRouteTable, type RegisteredRoute, type RouteTable } from "./lib/route-registry";
import { errorHandler } from "./middleware/error-handler";
import { setArgon2MaxQueue } from "./lib/passwords";
import { responseDeadline } from "./middleware/response-deadline";
import { sameOrigin } from "./middleware/same-origin";
import { warnUntrustedForwarding } from "./middleware/forwarded-warning";
import { fromRoot } from "./lib/app-root";
import { mountSpaFiles, mountSpaPages } from "./spa";
import { optionalModule } from "./lib/optional-module";

const loadRedis = optionalModule<{ Redis: typeof RedisClient }>("ioredis");

export type App = {
  app: Express;
  routes: RegisteredRoute[];
  limiters: Limiters;
  /** From now on readiness (/api/health) answers 503. */
  markStopping(): void;
  /** Stops background timers (session pruning) — the caller closes the database. */
  close(): Promise<void>;
};

export const SPA_DIR = fromRoot("dist/public");

/** API answers are never cached; the SPA's hashed assets are. */
const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader("Cache-Control", "no-store");
  next();
};

/**
 * Builds the Express app from explicit dependencies. Order matters: security headers and the same-origin check run
 * before any body is read; the session store and passport run before routes; the error handler is last.
 */
export type AppOptions = {
  spaDir?: string;
  pruneSessions?: boolean;
  /** Tests only: routes declared through the same table (and so the same guards) as the features' routes. */
  extraRoutes?: (table: RouteTable) => void;
};

export function createApp(deps: AppDeps, opts: AppOptions = {}): App {
  const { config, database, logger, clock } = deps;
  setArgon2MaxQueue(config.argon2MaxQueue);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  app.set("query parser", "simple");

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url === "/api/health" },
      serializers: {
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        req: (req: { id: unknown; method: string; url: string }) => ({
          id: req.id,
          method: req.method,
          // No query string, and no token in a path (/api/beneficiary-verification/<token>): LOG-01.
          url: req.url.split("?")[0].replace(/[A-Za-z0-9_-]{32,}/g, "[redacted]"),
        }),
      },
    }),
  );
  app.use(warnUntrustedForwarding(config.trustProxy, logger));
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          "default-src": ["'self'"],
          "base-uri": ["'none'"],
          "object-src": ["'none'"],
          "frame-ancestors": ["'none'"],
          "script-src": ["'self'"],
          "style-src": ["'self'", "'unsafe-inline'"],
          "img-src": ["'self'", "data:"],
          "font-src": ["'self'", "data:"],
          "connect-src": ["'self'"],
          "form-action": ["'self'"],
          "upgrade-insecure-requests": config.isSecure ? [] : null,
        },
      },
      crossOriginOpenerPolicy: { policy: "same-origin" },
      referrerPolicy: { policy: "no-referrer" },
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    }),
  );
  app.use((req, _res, next) =>
    req.method === "TRACE" || req.method === "TRACK" ? next(new AppError(405, "Method not allowed")) : next(),
  );
  mountSpaFiles(app, opts.spaDir ?? SPA_DIR);
  app.use("/api", noStore);
  app.use(sameOrigin(config.publicOrigin));
  const connectionTimeout =
    (database.pool.options as { connectionTimeoutMillis?: number }).connectionTimeoutMillis ?? 0;
  app.use(responseDeadline(config.responseDeadlineMs ?? connectionTimeout + 3000, logger));

  const redis = config.redisUrl
    ? new (loadRedis().Redis)(config.redisUrl, { enableOfflineQueue: false, maxRetriesPerRequest: 1 })
    : undefined;
  redis?.on("error", (err) => logger.warn({ err: { message: err.message } }, "redis error"));
  const limiters = createLimiters(
    redis ? { kind: "redis", client: redis } : { kind: "pg", pool: database.pool },
    config.rateLimits,
  );
  const sessionParts = createSession({
    config,
    pool: database.pool,
    db: database.db,
    logger,
    prune: opts.pruneSessions ?? true,
  });
  const passport = createPassport(
    database.db,
    config,
    { keyring: deps.keyring, clock, outbox: deps.outbox, logger },
    sessionParts.users,
  );

  const jsonBody = express.json({ limit: "512kb", type: "application/json", strict: true });
  app.use((req, res, next) => (req.path === STRIPE_WEBHOOK_PATH ? next() : jsonBody(req, res, next)));
  app.use(sessionParts.middleware);
  app.use(passport.initialize());
  app.use((req, res, next) => (req.session ? passport.session()(req, res, next) : next()));
  app.use(enforceSessionLimits(clock));
  // a cancelled plan whose period has ended reverts before any limit is checked
  app.use(settlePlanExpiryOnRequest(deps));

  // readiness turns 503 as soon as shutdown starts, so a load balancer stops sending new work
  let stopping = false;
  app.use("/api/health", (_req, _res, next) => (stopping ? next(serviceUnavailable()) : next()));

  const table = createRouteTable(app, limiters);
  registerHealthRoutes(table, deps);
  registerAuthRoutes(table, deps, limiters, passport);
  registerAccountRoutes(table, deps, limiters);
  registerTwoFactorRoutes(table, deps, limiters);
  registerProfileRoutes(table, deps, limiters);
  registerEmailChangeRoutes(table, deps, limiters);
  registerPasskeyRoutes(table, deps);
  registerOnboardingRoutes(table, deps);
  registerAssetRoutes(table, deps);
  registerTypedAssetRoutes(table, deps);
  registerBeneficiaryRoutes(table, deps);
  registerTrustedPartyRoutes(table, deps);
  registerDeathVerificationRoutes(table, deps);
  registerDeathVerificationAdminRoutes(table, deps);
  registerEstateDistributionRoutes(table, deps);
  registerEstateDistributionAdminRoutes(table, deps);
  registerAgentRoutes(table, deps);
  registerAgentInvitationRoutes(table, deps);
  registerWillRoutes(table, deps);
  registerDashboardRoutes(table, deps);
  registerBillingRoutes(table, deps);
  registerMomoRoutes(table, deps);
  registerGiftCardRoutes(table, deps);
  registerBackupRoutes(table, deps);
  registerAssetBundleRoutes(table, deps);
  registerTriggerRoutes(table, deps);
  registerCheckInRoutes(table, deps);
  registerNotificationRoutes(table, deps);
  registerActivityRoutes(table, deps);
  registerReleaseRoutes(table, deps, limiters);
  registerAdminUserRoutes(table, deps);
  registerAdminInsightRoutes(table, deps);
  opts.extraRoutes?.(table);

  app.use("/api", (_req, _res, next) => next(new AppError(404, "Not found")));
  mountSpaPages(app, opts.spaDir ?? SPA_DIR);
  app.use(errorHandler);

  return {
    app,
    routes: table.routes,
    limiters,
    markStopping() {
      stopping = true;
    },
    async close() {
      sessionParts.store.close();
      redis?.disconnect();
    },
  };
}
