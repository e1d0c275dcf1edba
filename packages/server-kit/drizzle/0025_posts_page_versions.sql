-- Cached pages of posts (services/coordination/src/posts/page-cache.ts) are keyed by what they show: the
-- thread's posts and reactions (threads.posts_version) and the authors' names (post_author_names_version).
-- Both are bumped here, in the changing transaction, by every writer (the API, transfers, plain SQL), so a
-- reader that sees the change also sees the new version, on every replica.
INSERT INTO post_author_names_version (id, version) VALUES (1, 0) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
ALTER TABLE post_author_names_version ADD CONSTRAINT post_author_names_version_one_row CHECK (id = 1);
--> statement-breakpoint
-- Statement triggers with transition tables: a transfer or a bulk load inserting thousands of posts bumps
-- each thread once, not once per post.
CREATE OR REPLACE FUNCTION cvdp_bump_posts_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'post_reactions' THEN
    UPDATE threads t SET posts_version = t.posts_version + 1
      FROM (SELECT DISTINCT p.thread_id FROM changed c JOIN posts p ON p.id = c.post_id) x
     WHERE t.id = x.thread_id;
  ELSE
    UPDATE threads t SET posts_version = t.posts_version + 1
      FROM (SELECT DISTINCT thread_id FROM changed) x
     WHERE t.id = x.thread_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_version_insert AFTER INSERT ON posts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION cvdp_bump_posts_version();
--> statement-breakpoint
CREATE TRIGGER posts_version_update AFTER UPDATE ON posts
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION cvdp_bump_posts_version();
--> statement-breakpoint
CREATE TRIGGER posts_version_delete AFTER DELETE ON posts
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION cvdp_bump_posts_version();
--> statement-breakpoint
CREATE TRIGGER post_reactions_version_insert AFTER INSERT ON post_reactions
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION cvdp_bump_posts_version();
--> statement-breakpoint
CREATE TRIGGER post_reactions_version_delete AFTER DELETE ON post_reactions
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION cvdp_bump_posts_version();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION cvdp_bump_author_names_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE post_author_names_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_name_version AFTER UPDATE OF name ON users
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION cvdp_bump_author_names_version();
--> statement-breakpoint
CREATE TRIGGER groups_name_version AFTER UPDATE OF name ON groups
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION cvdp_bump_author_names_version();
