-- pg_trgm: PostgreSQL contrib (a trusted extension since 13); PGlite loads it from @electric-sql/pglite/contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "user_totals" (
	"slot" smallint NOT NULL,
	"user_type" varchar(16) NOT NULL,
	"status" varchar(16) NOT NULL,
	"users" integer DEFAULT 0 NOT NULL,
	"storage_used" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "user_totals_slot_user_type_status_pk" PRIMARY KEY("slot","user_type","status")
);
--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_type_created_at_idx" ON "users" USING btree ("user_type","created_at","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || "email")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","at");
--> statement-breakpoint
-- user_totals: one counter update per statement on users, from its transition tables (slot = id % 16, as
-- USER_TOTAL_SLOTS in shared/schema/counts.ts). An UPDATE counts only the rows whose user_type, status or
-- storage_used changed.
CREATE FUNCTION hl_count_user_totals() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO user_totals AS t (slot, user_type, status, users, storage_used)
    SELECT (id % 16)::smallint, user_type, status, count(*), coalesce(sum(storage_used), 0)
    FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT (slot, user_type, status) DO UPDATE
      SET users = t.users + excluded.users, storage_used = t.storage_used + excluded.storage_used;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_totals AS t (slot, user_type, status, users, storage_used)
    SELECT (id % 16)::smallint, user_type, status, -count(*), -coalesce(sum(storage_used), 0)
    FROM old_rows GROUP BY 1, 2, 3
    ON CONFLICT (slot, user_type, status) DO UPDATE
      SET users = t.users + excluded.users, storage_used = t.storage_used + excluded.storage_used;
  ELSE
    -- only rows whose type, status or bytes changed touch a counter (a sign-in's last_activity_at does not)
    INSERT INTO user_totals AS t (slot, user_type, status, users, storage_used)
    SELECT slot, user_type, status, sum(users), sum(bytes) FROM (
      SELECT (o.id % 16)::smallint AS slot, o.user_type, o.status, -1 AS users, -o.storage_used AS bytes
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.user_type, o.status, o.storage_used) IS DISTINCT FROM (n.user_type, n.status, n.storage_used)
      UNION ALL
      SELECT (n.id % 16)::smallint, n.user_type, n.status, 1, n.storage_used
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE (o.user_type, o.status, o.storage_used) IS DISTINCT FROM (n.user_type, n.status, n.storage_used)
    ) d GROUP BY 1, 2, 3
    ON CONFLICT (slot, user_type, status) DO UPDATE
      SET users = t.users + excluded.users, storage_used = t.storage_used + excluded.storage_used;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_totals_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hl_count_user_totals();
--> statement-breakpoint
CREATE TRIGGER "users_totals_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hl_count_user_totals();
--> statement-breakpoint
CREATE TRIGGER "users_totals_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hl_count_user_totals();
--> statement-breakpoint
INSERT INTO user_totals (slot, user_type, status, users, storage_used)
SELECT (id % 16)::smallint, user_type, status, count(*), coalesce(sum(storage_used), 0) FROM users GROUP BY 1, 2, 3;
