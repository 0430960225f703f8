import { registerPasskeySchema, renamePasskeySchema, PASSKEY_MESSAGES } from "@shared/validators/passkeys";
import { rememberPasskeyChallenge, takePasskeyChallenge } from "../../auth/passkey-challenge";
import { requireRecentAuth } from "../../auth/step-up";
import type { AppDeps } from "../../deps";
import { AppError } from "../../lib/app-error";
import { audit } from "../../lib/audit";
import { currentUser, currentUserId, routeId } from "../../lib/request-context";
import type { RouteTable } from "../../lib/route-registry";
import { presentPasskey } from "./passkeys.presenter";
import {
  deletePasskey,
  finishPasskeyRegistration,
  listPasskeys,
  renamePasskey,
  startPasskeyRegistration,
  type PasskeyChangeDeps,
} from "./passkeys.service";

/**
 * Settings: the user's passkeys (issue 15). Adding one and removing one are step-up actions (decision 009): a sign-in
 * or a confirmation within 15 minutes, as for the other changes to how the account signs in.
 */
export function registerPasskeyRoutes(r: RouteTable, deps: AppDeps) {
  const { clock } = deps;
  const passkeyDeps: PasskeyChangeDeps = { ...deps, db: deps.database.db };
  const auditCtx = { db: deps.database.db, clock };
  const stepUp = requireRecentAuth(clock);

  r.add({ method: "get", path: "/api/user/passkeys", access: "user" }, async (req, res) => {
    const rows = await listPasskeys(passkeyDeps, { userId: currentUserId(req) });
    res.json(rows.map(presentPasskey));
  });

  r.add(
    { method: "post", path: "/api/user/passkeys/options", access: "user", body: "none" },
    stepUp,
    async (req, res) => {
      const user = currentUser(req);
      const { options, userHandle } = await startPasskeyRegistration(passkeyDeps, { user });
      await rememberPasskeyChallenge(
        req,
        { challenge: options.challenge, purpose: "register", userId: user.id, userHandle },
        clock,
      );
      res.json(options);
    },
  );

  r.add({ method: "post", path: "/api/user/passkeys", access: "user" }, stepUp, async (req, res) => {
    const user = currentUser(req);
    const input = registerPasskeySchema.parse(req.body);
    const challenge = await takePasskeyChallenge(req, "register", clock);
    if (!challenge) throw new AppError(400, PASSKEY_MESSAGES.expired);
    const passkey = await finishPasskeyRegistration(passkeyDeps, { user, input, challenge });
    await audit(auditCtx, req, "passkey_added", { actorId: user.id, target: `passkey:${passkey.id}` });
    res.status(201).json(presentPasskey(passkey));
  });

  r.add({ method: "patch", path: "/api/user/passkeys/:id", access: "user", resource: "passkey" }, async (req, res) => {
    const id = routeId(req);
    const { name } = renamePasskeySchema.parse(req.body);
    const passkey = await renamePasskey(passkeyDeps, { userId: currentUserId(req), id, name });
    res.json(presentPasskey(passkey));
  });

  r.add(
    { method: "delete", path: "/api/user/passkeys/:id", access: "user", resource: "passkey" },
    stepUp,
    async (req, res) => {
      const userId = currentUserId(req);
      const id = routeId(req);
      await deletePasskey(passkeyDeps, { userId, id });
      await audit(auditCtx, req, "passkey_removed", { actorId: userId, target: `passkey:${id}` });
      res.status(204).end();
    },
  );
}
