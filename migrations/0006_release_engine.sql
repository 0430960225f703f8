CREATE TABLE "asset_bundle_items" (
	"bundle_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"item_id" integer NOT NULL,
	CONSTRAINT "asset_bundle_items_bundle_id_kind_item_id_pk" PRIMARY KEY("bundle_id","kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "asset_release_triggers" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"beneficiary_id" integer NOT NULL,
	"asset_id" integer,
	"asset_bundle_id" integer,
	"trigger_type" varchar(32) NOT NULL,
	"trigger_date" timestamp with time zone,
	"inactivity_days" integer,
	"age_threshold" integer,
	"message" text,
	"requires_verification" boolean DEFAULT false NOT NULL,
	"verification_method" varchar(32) DEFAULT 'automatic' NOT NULL,
	"description" text,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"next_event_at" timestamp with time zone,
	"next_event_kind" varchar(16),
	"warning_rung" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"triggered_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "asset_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"trigger_id" integer,
	"beneficiary_id" integer,
	"owner_name" varchar(201) NOT NULL,
	"beneficiary_name" varchar(201) NOT NULL,
	"message" text,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"released_at" timestamp with time zone NOT NULL,
	"access_expires_at" timestamp with time zone NOT NULL,
	"accessed_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "check_in_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(48) NOT NULL,
	"title" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"link" varchar(500),
	"dedupe_key" varchar(200) NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "release_accesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"release_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"action" varchar(16) NOT NULL,
	"item_kind" varchar(32),
	"item_id" integer,
	"bytes" bigint,
	"ip" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "release_items" (
	"release_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(32) NOT NULL,
	"item_id" integer NOT NULL,
	CONSTRAINT "release_items_release_id_kind_item_id_pk" PRIMARY KEY("release_id","kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "trigger_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"trigger_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" varchar(32) NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
ALTER TABLE "asset_bundles" ALTER COLUMN "category" SET DEFAULT 'group';--> statement-breakpoint
ALTER TABLE "asset_bundles" ALTER COLUMN "quantity" SET DEFAULT 0;--> statement-breakpoint
ALTER TABLE "asset_bundles" ALTER COLUMN "price" SET DEFAULT '0';--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "subject_user_id" integer;--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD COLUMN "date_of_birth" date;--> statement-breakpoint
ALTER TABLE "asset_bundles" ADD COLUMN "description" text;--> statement-breakpoint
ALTER TABLE "asset_bundles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "asset_bundle_items" ADD CONSTRAINT "asset_bundle_items_bundle_id_asset_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."asset_bundles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_bundle_items" ADD CONSTRAINT "asset_bundle_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_release_triggers" ADD CONSTRAINT "asset_release_triggers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_release_triggers" ADD CONSTRAINT "asset_release_triggers_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_release_triggers" ADD CONSTRAINT "asset_release_triggers_asset_id_digital_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."digital_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_release_triggers" ADD CONSTRAINT "asset_release_triggers_asset_bundle_id_asset_bundles_id_fk" FOREIGN KEY ("asset_bundle_id") REFERENCES "public"."asset_bundles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_releases" ADD CONSTRAINT "asset_releases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_releases" ADD CONSTRAINT "asset_releases_trigger_id_asset_release_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."asset_release_triggers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_releases" ADD CONSTRAINT "asset_releases_beneficiary_id_beneficiaries_id_fk" FOREIGN KEY ("beneficiary_id") REFERENCES "public"."beneficiaries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_in_tokens" ADD CONSTRAINT "check_in_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_accesses" ADD CONSTRAINT "release_accesses_release_id_asset_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."asset_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_accesses" ADD CONSTRAINT "release_accesses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_items" ADD CONSTRAINT "release_items_release_id_asset_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."asset_releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_items" ADD CONSTRAINT "release_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_events" ADD CONSTRAINT "trigger_events_trigger_id_asset_release_triggers_id_fk" FOREIGN KEY ("trigger_id") REFERENCES "public"."asset_release_triggers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trigger_events" ADD CONSTRAINT "trigger_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_bundle_items_user_idx" ON "asset_bundle_items" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "asset_release_triggers_user_idx" ON "asset_release_triggers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "asset_release_triggers_due_idx" ON "asset_release_triggers" USING btree ("next_event_at") WHERE "asset_release_triggers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "asset_release_triggers_beneficiary_idx" ON "asset_release_triggers" USING btree ("beneficiary_id");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_releases_token_idx" ON "asset_releases" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "asset_releases_user_idx" ON "asset_releases" USING btree ("user_id","released_at");--> statement-breakpoint
CREATE UNIQUE INDEX "asset_releases_trigger_idx" ON "asset_releases" USING btree ("trigger_id") WHERE "asset_releases"."is_test" = false;--> statement-breakpoint
CREATE INDEX "asset_releases_expiry_idx" ON "asset_releases" USING btree ("access_expires_at") WHERE "asset_releases"."status" in ('pending', 'opened');--> statement-breakpoint
CREATE UNIQUE INDEX "check_in_tokens_hash_idx" ON "check_in_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "check_in_tokens_user_idx" ON "check_in_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_idx" ON "notifications" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "release_accesses_release_idx" ON "release_accesses" USING btree ("release_id","at");--> statement-breakpoint
CREATE INDEX "trigger_events_trigger_idx" ON "trigger_events" USING btree ("trigger_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_subject_idx" ON "audit_events" USING btree ("subject_user_id","at");