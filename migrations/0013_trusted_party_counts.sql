ALTER TABLE "owner_counts" ADD COLUMN "trusted_parties" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Trusted parties are counted like beneficiaries: one counter update per statement (0001's hl_count_owned_rows).
CREATE TRIGGER "enhanced_trusted_parties_count_insert" AFTER INSERT ON "enhanced_trusted_parties" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hl_count_owned_rows('trusted_parties');
--> statement-breakpoint
CREATE TRIGGER "enhanced_trusted_parties_count_delete" AFTER DELETE ON "enhanced_trusted_parties" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION hl_count_owned_rows('trusted_parties');
--> statement-breakpoint
UPDATE owner_counts c SET trusted_parties = d.n
FROM (SELECT user_id, count(*)::int AS n FROM enhanced_trusted_parties GROUP BY user_id) d
WHERE c.user_id = d.user_id;
