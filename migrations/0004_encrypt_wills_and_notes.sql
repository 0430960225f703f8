ALTER TABLE "digital_wills" ALTER COLUMN "title" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "online_accounts" ALTER COLUMN "email" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "digital_wills" ADD COLUMN "enc_version" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "digital_content" ADD COLUMN "enc_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "financial_assets" ADD COLUMN "enc_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "intellectual_property" ADD COLUMN "enc_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "online_accounts" ADD COLUMN "enc_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "personal_documents" ADD COLUMN "enc_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "physical_assets" ADD COLUMN "enc_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX "digital_wills_enc_pending_idx" ON "digital_wills" USING btree ("id") WHERE "digital_wills"."enc_version" < 1;--> statement-breakpoint
CREATE INDEX "digital_content_enc_pending_idx" ON "digital_content" USING btree ("id") WHERE "digital_content"."enc_version" < 2;--> statement-breakpoint
CREATE INDEX "financial_assets_enc_pending_idx" ON "financial_assets" USING btree ("id") WHERE "financial_assets"."enc_version" < 2;--> statement-breakpoint
CREATE INDEX "intellectual_property_enc_pending_idx" ON "intellectual_property" USING btree ("id") WHERE "intellectual_property"."enc_version" < 2;--> statement-breakpoint
CREATE INDEX "online_accounts_enc_pending_idx" ON "online_accounts" USING btree ("id") WHERE "online_accounts"."enc_version" < 2;--> statement-breakpoint
CREATE INDEX "personal_documents_enc_pending_idx" ON "personal_documents" USING btree ("id") WHERE "personal_documents"."enc_version" < 2;--> statement-breakpoint
CREATE INDEX "physical_assets_enc_pending_idx" ON "physical_assets" USING btree ("id") WHERE "physical_assets"."enc_version" < 2;