CREATE TABLE "death_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"subject_user_id" integer,
	"reporter_name" text,
	"reporter_email" text,
	"reporter_email_hash" varchar(64) NOT NULL,
	"relationship" varchar(16) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "death_verification_confirmations" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"party_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"decision" varchar(8) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "death_verification_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"uploaded_by" integer,
	"document_type" varchar(32) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_path" varchar(80) NOT NULL,
	"file_size" bigint NOT NULL,
	"mime_type" varchar(100) NOT NULL,
	"verification_status" varchar(16) DEFAULT 'pending' NOT NULL,
	"verification_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "death_verification_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"requestor_id" integer,
	"requestor_party_id" integer,
	"requestor_type" varchar(16) NOT NULL,
	"reporter_name" text,
	"reporter_email" text,
	"reporter_email_hash" varchar(64),
	"rehearsal" boolean DEFAULT false NOT NULL,
	"government_record_check" boolean DEFAULT false NOT NULL,
	"medical_record_check" boolean DEFAULT false NOT NULL,
	"family_confirmation" boolean DEFAULT false NOT NULL,
	"document_upload" boolean DEFAULT false NOT NULL,
	"ghana_health_service_check" boolean DEFAULT false NOT NULL,
	"births_deaths_registry_check" boolean DEFAULT false NOT NULL,
	"ghana_card_verification" boolean DEFAULT false NOT NULL,
	"mobile_money_inactivity" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"verification_score" smallint DEFAULT 0 NOT NULL,
	"checks" jsonb,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"notes" text,
	"rejected_by" varchar(16),
	"rejected_at" timestamp with time zone,
	"waiting_period_start" timestamp with time zone,
	"waiting_period_end" timestamp with time zone,
	"next_reminder_at" timestamp with time zone,
	"reminders_sent" smallint DEFAULT 0 NOT NULL,
	"appeal_deadline" timestamp with time zone,
	"legal_review_required" boolean DEFAULT false NOT NULL,
	"compliance_notes" text,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "death_reports" ADD CONSTRAINT "death_reports_subject_user_id_users_id_fk" FOREIGN KEY ("subject_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_reports" ADD CONSTRAINT "death_reports_request_id_death_verification_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."death_verification_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_verification_confirmations" ADD CONSTRAINT "death_verification_confirmations_request_id_death_verification_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."death_verification_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_verification_confirmations" ADD CONSTRAINT "death_verification_confirmations_party_id_enhanced_trusted_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."enhanced_trusted_parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_verification_confirmations" ADD CONSTRAINT "death_verification_confirmations_person_id_users_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_verification_documents" ADD CONSTRAINT "death_verification_documents_request_id_death_verification_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."death_verification_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_verification_documents" ADD CONSTRAINT "death_verification_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_verification_documents" ADD CONSTRAINT "death_verification_documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_verification_requests" ADD CONSTRAINT "death_verification_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_verification_requests" ADD CONSTRAINT "death_verification_requests_requestor_id_users_id_fk" FOREIGN KEY ("requestor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_verification_requests" ADD CONSTRAINT "death_verification_requests_requestor_party_id_enhanced_trusted_parties_id_fk" FOREIGN KEY ("requestor_party_id") REFERENCES "public"."enhanced_trusted_parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "death_verification_requests" ADD CONSTRAINT "death_verification_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "death_reports_token_idx" ON "death_reports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "death_reports_subject_idx" ON "death_reports" USING btree ("subject_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "death_verification_confirmations_once_idx" ON "death_verification_confirmations" USING btree ("request_id","party_id");--> statement-breakpoint
CREATE INDEX "death_verification_confirmations_person_idx" ON "death_verification_confirmations" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "death_verification_documents_request_idx" ON "death_verification_documents" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "death_verification_documents_user_idx" ON "death_verification_documents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "death_verification_requests_user_idx" ON "death_verification_requests" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "death_verification_requests_requestor_idx" ON "death_verification_requests" USING btree ("requestor_id");--> statement-breakpoint
CREATE INDEX "death_verification_requests_reporter_idx" ON "death_verification_requests" USING btree ("reporter_email_hash");--> statement-breakpoint
CREATE INDEX "death_verification_requests_waiting_idx" ON "death_verification_requests" USING btree ("status","waiting_period_end");--> statement-breakpoint
CREATE INDEX "death_verification_requests_reminder_idx" ON "death_verification_requests" USING btree ("next_reminder_at");