-- pg_trgm: PostgreSQL contrib (a trusted extension since 13); PGlite loads it from @electric-sql/pglite/contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_type_created_at_idx" ON "users" USING btree ("user_type","created_at","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || "email")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","at");