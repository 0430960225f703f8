ALTER TABLE "estate_distribution_settings" ADD COLUMN "legal_review_done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estate_distribution_settings" ADD COLUMN "next_release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "estate_distribution_settings" ADD COLUMN "released_kinds" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "estate_distribution_settings_due_idx" ON "estate_distribution_settings" USING btree ("status","next_release_at");