import { sql } from "drizzle-orm";
import type { AssetRelease } from "@shared/schema";
import type { ItemKind } from "@shared/release-kinds";
import { pointStatement, type StatementPoint } from "../../auth/rate-limits";
import type { Database } from "../../db";
import { executePrepared } from "../../db/prepared";
import type { ReleaseSessionRow } from "./release-session";

type OpenedRow = {
  points: number | string;
  expire: number | string | null;
  id: number | null;
  user_id: number;
  trigger_id: number | null;
  beneficiary_id: number | null;
  owner_name: string;
  beneficiary_name: string;
  message: string | null;
  status: string;
  token_hash: string;
  is_test: boolean;
  released_at: string | Date;
  access_expires_at: string | Date;
  accessed_at: string | Date | null;
  revoked_at: string | Date | null;
  items: string | ReleaseItemRef[];
  files: string | ReleasedFileRow[];
};

export type ReleaseItemRef = { kind: ItemKind; itemId: number };
export type ReleasedFileRow = {
  id: number;
  originalFileName: string;
  fileSize: number;
  mimeType: string;
  /** The scan of an executed (or superseded) will: only then does the answer look up its execution record. */
  willScan?: boolean;
};
export type OpenOutcome = {
  /** The token-lookup point this open took in its statement, when it took one: the row's count and expiry. */
  point: { points: number; expire: number | null };
  /** The release, its items and its committed files; undefined when nothing opened (unknown, over the limit). */
  opened?: { release: AssetRelease; items: ReleaseItemRef[]; files: ReleasedFileRow[] };
};

const toDate = (v: string | Date | null) => (v === null ? null : new Date(v));
const fromJson = <T>(v: string | T): T => (typeof v === "string" ? (JSON.parse(v) as T) : v);

/**
 * Opens a release by its token hash in ONE statement (one round trip, one commit; a named prepared statement, so
 * planned once per connection — it runs on its own, never inside a transaction): with `limit`, the address's
 * token-lookup point is taken first and nothing opens once it is over the limit; a live link moves `pending` →
 * `opened` (first open: `accessedAt`), an opened one stays opened; the open is written to the access log and to the
 * owner's audit trail; the release session's row is written (and the session the request came with deleted); and
 * the release's items and committed files (each marked when it is a signed will's scan) are read for the answer. Unknown, revoked and expired links open nothing
 * and write nothing but the point.
 */
export async function openLiveRelease(
  database: Pick<Database, "pool">,
  p: {
    tokenHash: string;
    now: Date;
    ip: string | null;
    requestId: string | null;
    limit?: { point: StatementPoint; at: number };
    session: ReleaseSessionRow;
  },
): Promise<OpenOutcome> {
  const now = p.now.toISOString();
  const ip = p.ip?.slice(0, 64) ?? null;
  const s = p.session;
  const point = p.limit ? pointStatement(p.limit.point, p.limit.at) : sql`select 1 as points, null::bigint as expire`;
  const name = p.limit ? "hl_open_release_limited" : "hl_open_release";
  const [r] = await executePrepared<OpenedRow>(
    database.pool,
    name,
    sql`
    with point as (${point}), opened as (
      update asset_releases
      set status = 'opened', accessed_at = coalesce(accessed_at, ${now}::timestamptz)
      where token_hash = ${p.tokenHash} and status in ('pending', 'opened') and access_expires_at > ${now}::timestamptz
        and (select points from point) <= ${p.limit?.point.points ?? 1}
      returning *
    ), logged as (
      insert into release_accesses (release_id, user_id, at, action, ip)
      select id, user_id, ${now}::timestamptz, 'open', ${ip} from opened
    ), audited as (
      insert into audit_events (at, actor_id, subject_user_id, action, target, request_id, ip)
      select ${now}::timestamptz, null, user_id, 'release_opened', 'release:' || id, ${p.requestId?.slice(0, 64) ?? null}, ${ip}
      from opened
    ), ended as (
      delete from session where sid = ${s.replaces} and exists (select 1 from opened)
    ), started as (
      insert into session (sid, sess, expire)
      select ${s.sid}, (${s.sess}::jsonb || jsonb_build_object('release',
        jsonb_build_object('id', id, 'openedAt', ${s.at}::bigint, 'seenAt', ${s.at}::bigint)))::json,
        to_timestamp(${s.expireSeconds})
      from opened
      on conflict (sid) do update set sess = excluded.sess, expire = excluded.expire
    )
    select point.points, point.expire, o.*,
      (select coalesce(json_agg(json_build_object('kind', i.kind, 'itemId', i.item_id)), '[]')
        from release_items i where i.release_id = o.id) as items,
      (select coalesce(json_agg(json_build_object('id', a.id, 'originalFileName', a.original_file_name,
          'fileSize', a.file_size, 'mimeType', a.mime_type, 'willScan', exists (select 1 from will_executions w
            where w.user_id = o.user_id and w.scan_asset_id = a.id and w.status in ('executed', 'superseded')))
          order by a.id), '[]')
        from release_items i join digital_assets a on a.id = i.item_id and a.user_id = o.user_id and a.status = 'committed'
        where i.release_id = o.id and i.kind = 'file') as files
    from point left join opened o on true`,
  );
  const taken = { points: Number(r.points), expire: r.expire === null ? null : Number(r.expire) };
  if (r.id === null) return { point: taken };
  const release: AssetRelease = {
    id: Number(r.id),
    userId: Number(r.user_id),
    triggerId: r.trigger_id === null ? null : Number(r.trigger_id),
    beneficiaryId: r.beneficiary_id === null ? null : Number(r.beneficiary_id),
    ownerName: r.owner_name,
    beneficiaryName: r.beneficiary_name,
    message: r.message,
    status: r.status,
    tokenHash: r.token_hash,
    isTest: r.is_test,
    releasedAt: new Date(r.released_at),
    accessExpiresAt: new Date(r.access_expires_at),
    accessedAt: toDate(r.accessed_at),
    revokedAt: toDate(r.revoked_at),
  };
  return { point: taken, opened: { release, items: fromJson(r.items), files: fromJson(r.files) } };
}
