CREATE TABLE "will_executions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"will_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'draft' NOT NULL,
	"testator_name" text NOT NULL,
	"testator_address" text NOT NULL,
	"witnesses" text NOT NULL,
	"place" text NOT NULL,
	"signed_on" varchar(10),
	"original_location" text NOT NULL,
	"scan_asset_id" integer,
	"executed_at" timestamp with time zone,
	"enc_version" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "will_executions" ADD CONSTRAINT "will_executions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "will_executions" ADD CONSTRAINT "will_executions_will_id_digital_wills_id_fk" FOREIGN KEY ("will_id") REFERENCES "public"."digital_wills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "will_executions" ADD CONSTRAINT "will_executions_scan_asset_id_digital_assets_id_fk" FOREIGN KEY ("scan_asset_id") REFERENCES "public"."digital_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "will_executions_user_idx" ON "will_executions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "will_executions_will_idx" ON "will_executions" USING btree ("will_id");--> statement-breakpoint
CREATE INDEX "will_executions_scan_idx" ON "will_executions" USING btree ("scan_asset_id");--> statement-breakpoint
CREATE UNIQUE INDEX "will_executions_one_executed_idx" ON "will_executions" USING btree ("user_id") WHERE "will_executions"."status" = 'executed';