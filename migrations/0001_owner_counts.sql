CREATE TABLE "owner_counts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"files" integer DEFAULT 0 NOT NULL,
	"documents" integer DEFAULT 0 NOT NULL,
	"images" integer DEFAULT 0 NOT NULL,
	"videos" integer DEFAULT 0 NOT NULL,
	"ip_uploads" integer DEFAULT 0 NOT NULL,
	"other_uploads" integer DEFAULT 0 NOT NULL,
	"intellectual_property" integer DEFAULT 0 NOT NULL,
	"financial_assets" integer DEFAULT 0 NOT NULL,
	"physical_assets" integer DEFAULT 0 NOT NULL,
	"digital_content" integer DEFAULT 0 NOT NULL,
	"personal_documents" integer DEFAULT 0 NOT NULL,
	"online_accounts" integer DEFAULT 0 NOT NULL,
	"beneficiaries" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "owner_counts" ADD CONSTRAINT "owner_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every user has a counts row from the moment they exist.
CREATE FUNCTION "hl_owner_counts_for_new_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO owner_counts (user_id) SELECT id FROM new_rows ON CONFLICT (user_id) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_owner_counts" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "hl_owner_counts_for_new_users"();
--> statement-breakpoint
-- Rows of a typed table or of beneficiaries: +1 per inserted row, -1 per deleted row, in one UPDATE per statement
-- (a restore of hundreds of rows costs one counter update). TG_ARGV[0] names the counter column.
CREATE FUNCTION "hl_count_owned_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format(
      'UPDATE owner_counts c SET %1$I = c.%1$I + d.n FROM (SELECT user_id, count(*)::int AS n FROM new_rows GROUP BY user_id) d WHERE c.user_id = d.user_id',
      TG_ARGV[0]);
  ELSE
    EXECUTE format(
      'UPDATE owner_counts c SET %1$I = c.%1$I - d.n FROM (SELECT user_id, count(*)::int AS n FROM old_rows GROUP BY user_id) d WHERE c.user_id = d.user_id',
      TG_ARGV[0]);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Uploaded files count once committed, overall and per category.
CREATE FUNCTION "hl_count_uploads"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changes text;
BEGIN
  -- (user_id, category, sign) of every committed row that appeared (+1) or went away (-1) in this statement.
  IF TG_OP = 'INSERT' THEN
    changes := 'SELECT user_id, category, 1 AS sign FROM new_rows WHERE status = ''committed''';
  ELSIF TG_OP = 'DELETE' THEN
    changes := 'SELECT user_id, category, -1 AS sign FROM old_rows WHERE status = ''committed''';
  ELSE
    changes := 'SELECT o.user_id, o.category, -1 AS sign FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.status = ''committed'' AND (o.user_id, o.category, o.status) IS DISTINCT FROM (n.user_id, n.category, n.status)
      UNION ALL
      SELECT n.user_id, n.category, 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE n.status = ''committed'' AND (o.user_id, o.category, o.status) IS DISTINCT FROM (n.user_id, n.category, n.status)';
  END IF;
  EXECUTE 'UPDATE owner_counts c SET
      files = c.files + d.files,
      documents = c.documents + d.documents,
      images = c.images + d.images,
      videos = c.videos + d.videos,
      ip_uploads = c.ip_uploads + d.ip_uploads,
      other_uploads = c.other_uploads + d.other_uploads
    FROM (
      SELECT user_id,
        sum(sign)::int AS files,
        coalesce(sum(sign) FILTER (WHERE category = ''documents''), 0)::int AS documents,
        coalesce(sum(sign) FILTER (WHERE category = ''images''), 0)::int AS images,
        coalesce(sum(sign) FILTER (WHERE category = ''videos''), 0)::int AS videos,
        coalesce(sum(sign) FILTER (WHERE category = ''intellectual_property''), 0)::int AS ip_uploads,
        coalesce(sum(sign) FILTER (WHERE category NOT IN (''documents'', ''images'', ''videos'', ''intellectual_property'')), 0)::int AS other_uploads
      FROM (' || changes || ') x GROUP BY user_id
    ) d
    WHERE c.user_id = d.user_id';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "digital_assets_count_insert" AFTER INSERT ON "digital_assets" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "hl_count_uploads"();
--> statement-breakpoint
CREATE TRIGGER "digital_assets_count_update" AFTER UPDATE ON "digital_assets" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "hl_count_uploads"();
--> statement-breakpoint
CREATE TRIGGER "digital_assets_count_delete" AFTER DELETE ON "digital_assets" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "hl_count_uploads"();
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['intellectual_property', 'financial_assets', 'physical_assets', 'digital_content',
                           'personal_documents', 'online_accounts', 'beneficiaries'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION hl_count_owned_rows(%L)', t || '_count_insert', t, t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION hl_count_owned_rows(%L)', t || '_count_delete', t, t);
  END LOOP;
END $$;
--> statement-breakpoint
-- Counts for the users who already exist.
INSERT INTO owner_counts
SELECT u.id,
  (SELECT count(*) FROM digital_assets a WHERE a.user_id = u.id AND a.status = 'committed'),
  (SELECT count(*) FROM digital_assets a WHERE a.user_id = u.id AND a.status = 'committed' AND a.category = 'documents'),
  (SELECT count(*) FROM digital_assets a WHERE a.user_id = u.id AND a.status = 'committed' AND a.category = 'images'),
  (SELECT count(*) FROM digital_assets a WHERE a.user_id = u.id AND a.status = 'committed' AND a.category = 'videos'),
  (SELECT count(*) FROM digital_assets a WHERE a.user_id = u.id AND a.status = 'committed' AND a.category = 'intellectual_property'),
  (SELECT count(*) FROM digital_assets a WHERE a.user_id = u.id AND a.status = 'committed'
     AND a.category NOT IN ('documents', 'images', 'videos', 'intellectual_property')),
  (SELECT count(*) FROM intellectual_property r WHERE r.user_id = u.id),
  (SELECT count(*) FROM financial_assets r WHERE r.user_id = u.id),
  (SELECT count(*) FROM physical_assets r WHERE r.user_id = u.id),
  (SELECT count(*) FROM digital_content r WHERE r.user_id = u.id),
  (SELECT count(*) FROM personal_documents r WHERE r.user_id = u.id),
  (SELECT count(*) FROM online_accounts r WHERE r.user_id = u.id),
  (SELECT count(*) FROM beneficiaries r WHERE r.user_id = u.id)
FROM users u
ON CONFLICT (user_id) DO NOTHING;
