import type { RequestHandler } from "express";
import { z } from "zod";
import { EXPORT_FORMATS } from "@shared/backup-format";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { audit } from "../../lib/audit";
import type { RouteTable } from "../../lib/route-registry";
import { requireRecentAuth } from "../../auth/step-up";
import { notifyExport } from "./export-notice";
import { sendBackupExport } from "./export-response";
import { getExportHistory } from "./export.service";
import { createImportUploadMiddleware, spoolOf } from "./import-upload";
import { restoreBackup } from "./import.service";
import { createUserLocks } from "../../lib/user-locks";
import { currentUser, currentUserId } from "../../lib/request-context";

export const EXPORT_RUNNING = "An export is already running";
export const RESTORE_RUNNING = "A restore is already running";

const exportQuery = z.object({
  format: z.enum(EXPORT_FORMATS, { error: "Choose a backup format: json, pdf or zip." }),
});
const importQuery = z.object({
  dryRun: z
    .enum(["0", "1", "true", "false"], { error: "dryRun is 1 or 0" })
    .optional()
    .transform((v) => v === "1" || v === "true"),
});

/** Express answers HEAD with the GET handler; an export must not run (or be probed) without its body. */
const refuseHead: RequestHandler = (req, res, next) => {
  if (req.method !== "HEAD") return next();
  res.setHeader("Allow", "GET");
  next(new AppError(405, "Method not allowed"));
};

/** Export (json, pdf, zip), its history, and restore; each user runs one export and one restore at a time. */
export function registerBackupRoutes(r: RouteTable, deps: AppDeps) {
  const exports = createUserLocks({ db: deps.database.db, logger: deps.logger }, "export");
  const restores = createUserLocks({ db: deps.database.db, logger: deps.logger }, "restore");

  /**
   * Taken before the body is read, so a second restore is refused before it uploads 1 GB for nothing. Freed when
   * the restore itself ends, or when the request closes before it began (a refused or aborted upload).
   */
  const oneRestoreAtATime: RequestHandler = async (req, res, next) => {
    importQuery.parse(req.query);
    const release = await restores.acquire(currentUserId(req), RESTORE_RUNNING);
    res.locals.releaseRestore = release;
    res.once("close", () => {
      if (!res.locals.isRestoring) void release();
    });
    next();
  };

  // Everything at once: a recent sign-in or password confirmation, no HEAD, and a mail to the owner (DATA-02).
  const stepUp = [refuseHead, requireRecentAuth(deps.clock)];
  r.add({ method: "get", path: "/api/export/backup", access: "client" }, ...stepUp, async (req, res) => {
    const { format } = exportQuery.parse(req.query);
    const user = currentUser(req);
    const release = await exports.acquire(user.id, EXPORT_RUNNING);
    // Freed as soon as the last byte is handed to the socket, before anything else this handler still does.
    res.once("finish", () => void release());
    try {
      // The owner's whole estate is about to leave the server (LOG-02): recorded before the first byte, so an
      // export cut short is on record too.
      await audit({ db: deps.database.db, clock: deps.clock }, req, "export", { target: format });
      await sendBackupExport(res, deps, { user, format });
      await notifyExport(deps, req, user, format);
    } finally {
      await release();
    }
  });

  r.add({ method: "get", path: "/api/export/history", access: "client" }, async (req, res) => {
    const user = currentUser(req);
    res.json(await getExportHistory(deps, user.id, await exports.isHeld(user.id)));
  });

  r.add(
    { method: "post", path: "/api/import/backup", access: "client", body: "multipart" },
    oneRestoreAtATime,
    createImportUploadMiddleware(deps),
    async (req, res) => {
      const user = currentUser(req);
      const spool = spoolOf(req);
      if (!spool) throw new AppError(400, "Choose a backup file (.json or .zip) to restore.");
      res.locals.isRestoring = true;
      try {
        const { dryRun } = importQuery.parse(req.query);
        const freeBytes = user.storageLimit - user.storageUsed;
        const { storageLimit } = user;
        const result = await restoreBackup(deps, { userId: user.id, freeBytes, storageLimit, spool, dryRun });
        res.status(dryRun ? 200 : 201).json(result);
      } finally {
        await (res.locals.releaseRestore as () => Promise<void>)();
        await spool.remove();
      }
    },
  );
}
