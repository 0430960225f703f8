CREATE TABLE "job_leases" (
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"holder" varchar(64) NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "job_leases_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "job_leases" ADD CONSTRAINT "job_leases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;