CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" varchar(254) NOT NULL,
	"password_hash" text,
	"first_name" varchar(100),
	"last_name" varchar(100),
	"profile_image_url" text,
	"user_type" varchar(16) DEFAULT 'client' NOT NULL,
	"agent_id" integer,
	"stripe_customer_id" varchar(255),
	"stripe_subscription_id" varchar(255),
	"plan" varchar(32) DEFAULT 'free' NOT NULL,
	"storage_used" bigint DEFAULT 0 NOT NULL,
	"storage_limit" bigint DEFAULT 10485760 NOT NULL,
	"additional_storage_gb" integer DEFAULT 0 NOT NULL,
	"plan_renews_at" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"payment_status" varchar(16) DEFAULT 'ok' NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"email_verification_token" varchar(64),
	"email_verification_expires" timestamp with time zone,
	"password_reset_token" varchar(64),
	"password_reset_expires" timestamp with time zone,
	"auth_provider" varchar(16) DEFAULT 'local' NOT NULL,
	"google_id" varchar(255),
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"session_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" integer,
	"action" varchar(64) NOT NULL,
	"target" varchar(128),
	"request_id" varchar(64),
	"ip" varchar(64),
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
CREATE TABLE "session" (
	"sid" varchar PRIMARY KEY NOT NULL,
	"sess" json NOT NULL,
	"expire" timestamp (6) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "beneficiaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"first_name" varchar(100) NOT NULL,
	"last_name" varchar(100) NOT NULL,
	"email" varchar(254) NOT NULL,
	"relationship" varchar(16) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"verification_token" varchar(64),
	"verification_expires" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digital_wills" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(200) NOT NULL,
	"content" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "asset_bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" varchar(200) NOT NULL,
	"category" varchar(32) NOT NULL,
	"quantity" integer NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"stripe_payment_intent_id" varchar(255),
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digital_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"file_name" varchar(128) NOT NULL,
	"original_file_name" varchar(255) NOT NULL,
	"file_size" bigint NOT NULL,
	"stored_size" bigint DEFAULT 0 NOT NULL,
	"mime_type" varchar(128) NOT NULL,
	"category" varchar(32) NOT NULL,
	"description" text,
	"file_path" varchar(255) NOT NULL,
	"sha256" varchar(64),
	"assigned_to_beneficiary" integer,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digital_content" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text,
	"storage_location" text,
	"access_info" text,
	"license_info" text,
	"renewal_info" text,
	"value" varchar(100),
	"backup_location" text,
	"priority" varchar(8) DEFAULT 'medium' NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"assigned_to_beneficiary" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "financial_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"asset_type" varchar(32) NOT NULL,
	"title" varchar(200) NOT NULL,
	"account_name" varchar(200) NOT NULL,
	"institution" varchar(200),
	"account_number" text,
	"account_type" varchar(100),
	"current_value" varchar(100),
	"beneficiary_info" text,
	"contact_info" text,
	"access_info" text,
	"document_location" text,
	"description" text,
	"priority" varchar(8) DEFAULT 'medium' NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"assigned_to_beneficiary" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intellectual_property" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"asset_type" varchar(32) NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text,
	"registration_number" varchar(100),
	"filing_date" varchar(32),
	"renewal_date" varchar(32),
	"registrar" varchar(200),
	"value" varchar(100),
	"documentation" text,
	"priority" varchar(8) DEFAULT 'medium' NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"assigned_to_beneficiary" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "online_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"account_name" varchar(200) NOT NULL,
	"account_type" varchar(32) NOT NULL,
	"title" varchar(200) NOT NULL,
	"platform" varchar(200),
	"username" text,
	"email" varchar(254),
	"password_hint" text,
	"recovery_info" text,
	"two_factor_info" text,
	"security_questions" text,
	"account_value" varchar(200),
	"instructions" text,
	"description" text,
	"last_accessed" varchar(32),
	"priority" varchar(8) DEFAULT 'medium' NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"assigned_to_beneficiary" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "personal_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"document_type" varchar(32) NOT NULL,
	"title" varchar(200) NOT NULL,
	"description" text,
	"document_location" text,
	"issue_date" varchar(32),
	"expiration_date" varchar(32),
	"issuing_authority" varchar(200),
	"document_number" text,
	"access_info" text,
	"importance" varchar(8) DEFAULT 'medium' NOT NULL,
	"status" varchar(16) DEFAULT 'current' NOT NULL,
	"assigned_to_beneficiary" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "physical_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"asset_type" varchar(32) NOT NULL,
	"title" varchar(200) NOT NULL,
	"name" varchar(200) NOT NULL,
	"description" text,
	"location" text,
	"purchase_date" varchar(32),
	"purchase_price" varchar(100),
	"current_value" varchar(100),
	"serial_number" varchar(200),
	"documentation" text,
	"insurance" text,
	"access_codes" text,
	"priority" varchar(8) DEFAULT 'medium' NOT NULL,
	"status" varchar(16) DEFAULT 'owned' NOT NULL,
	"assigned_to_beneficiary" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_keys" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"wrapped_key" text NOT NULL,
	"kid" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "backup_exports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "backup_exports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"format" varchar(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" varchar(255) PRIMARY KEY NOT NULL,
	"type" varchar(100) NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "beneficiaries" ADD CONSTRAINT "beneficiaries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_wills" ADD CONSTRAINT "digital_wills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_bundles" ADD CONSTRAINT "asset_bundles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_assets" ADD CONSTRAINT "digital_assets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_assets" ADD CONSTRAINT "digital_assets_assigned_to_beneficiary_beneficiaries_id_fk" FOREIGN KEY ("assigned_to_beneficiary") REFERENCES "public"."beneficiaries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_content" ADD CONSTRAINT "digital_content_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digital_content" ADD CONSTRAINT "digital_content_assigned_to_beneficiary_beneficiaries_id_fk" FOREIGN KEY ("assigned_to_beneficiary") REFERENCES "public"."beneficiaries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_assets" ADD CONSTRAINT "financial_assets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_assets" ADD CONSTRAINT "financial_assets_assigned_to_beneficiary_beneficiaries_id_fk" FOREIGN KEY ("assigned_to_beneficiary") REFERENCES "public"."beneficiaries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intellectual_property" ADD CONSTRAINT "intellectual_property_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intellectual_property" ADD CONSTRAINT "intellectual_property_assigned_to_beneficiary_beneficiaries_id_fk" FOREIGN KEY ("assigned_to_beneficiary") REFERENCES "public"."beneficiaries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_accounts" ADD CONSTRAINT "online_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_accounts" ADD CONSTRAINT "online_accounts_assigned_to_beneficiary_beneficiaries_id_fk" FOREIGN KEY ("assigned_to_beneficiary") REFERENCES "public"."beneficiaries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_documents" ADD CONSTRAINT "personal_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_documents" ADD CONSTRAINT "personal_documents_assigned_to_beneficiary_beneficiaries_id_fk" FOREIGN KEY ("assigned_to_beneficiary") REFERENCES "public"."beneficiaries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_assets" ADD CONSTRAINT "physical_assets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "physical_assets" ADD CONSTRAINT "physical_assets_assigned_to_beneficiary_beneficiaries_id_fk" FOREIGN KEY ("assigned_to_beneficiary") REFERENCES "public"."beneficiaries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_keys" ADD CONSTRAINT "user_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_exports" ADD CONSTRAINT "backup_exports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_google_id_unique" ON "users" USING btree ("google_id");--> statement-breakpoint
CREATE INDEX "users_agent_id_idx" ON "users" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "users_email_verification_token_idx" ON "users" USING btree ("email_verification_token");--> statement-breakpoint
CREATE INDEX "users_password_reset_token_idx" ON "users" USING btree ("password_reset_token");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","at");--> statement-breakpoint
CREATE INDEX "IDX_session_expire" ON "session" USING btree ("expire");--> statement-breakpoint
CREATE INDEX "beneficiaries_user_idx" ON "beneficiaries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "beneficiaries_verification_token_idx" ON "beneficiaries" USING btree ("verification_token");--> statement-breakpoint
CREATE INDEX "digital_wills_user_idx" ON "digital_wills" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "digital_wills_one_active_idx" ON "digital_wills" USING btree ("user_id") WHERE "digital_wills"."is_active";--> statement-breakpoint
CREATE INDEX "asset_bundles_user_idx" ON "asset_bundles" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "digital_assets_user_created_idx" ON "digital_assets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "digital_assets_user_category_idx" ON "digital_assets" USING btree ("user_id","category");--> statement-breakpoint
CREATE INDEX "digital_assets_beneficiary_idx" ON "digital_assets" USING btree ("assigned_to_beneficiary");--> statement-breakpoint
CREATE INDEX "digital_assets_status_idx" ON "digital_assets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "digital_content_user_idx" ON "digital_content" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "digital_content_beneficiary_idx" ON "digital_content" USING btree ("assigned_to_beneficiary");--> statement-breakpoint
CREATE INDEX "financial_assets_user_idx" ON "financial_assets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "financial_assets_beneficiary_idx" ON "financial_assets" USING btree ("assigned_to_beneficiary");--> statement-breakpoint
CREATE INDEX "intellectual_property_user_idx" ON "intellectual_property" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "intellectual_property_beneficiary_idx" ON "intellectual_property" USING btree ("assigned_to_beneficiary");--> statement-breakpoint
CREATE INDEX "online_accounts_user_idx" ON "online_accounts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "online_accounts_beneficiary_idx" ON "online_accounts" USING btree ("assigned_to_beneficiary");--> statement-breakpoint
CREATE INDEX "personal_documents_user_idx" ON "personal_documents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "personal_documents_beneficiary_idx" ON "personal_documents" USING btree ("assigned_to_beneficiary");--> statement-breakpoint
CREATE INDEX "physical_assets_user_idx" ON "physical_assets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "physical_assets_beneficiary_idx" ON "physical_assets" USING btree ("assigned_to_beneficiary");--> statement-breakpoint
CREATE INDEX "backup_exports_user_idx" ON "backup_exports" USING btree ("user_id","created_at");