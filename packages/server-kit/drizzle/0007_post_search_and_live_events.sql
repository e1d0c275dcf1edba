-- Posts are searchable like cases and reports (type 'post', with their thread so a restricted thread's
-- posts are found only by its readers); a deleted post leaves the index.
CREATE OR REPLACE FUNCTION cvdp_index_post() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.deleted_at IS NOT NULL THEN
    DELETE FROM search_entries WHERE type = 'post' AND object_id = NEW.id::text;
    RETURN NULL;
  END IF;
  INSERT INTO search_entries (case_id, thread_id, type, object_id, title, body, updated_at)
  VALUES (NEW.case_id, NEW.thread_id, 'post', NEW.id::text,
          coalesce((SELECT subject FROM threads WHERE id = NEW.thread_id), ''), NEW.content, now())
  ON CONFLICT (type, object_id) DO UPDATE SET body = EXCLUDED.body, title = EXCLUDED.title, updated_at = now();
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_search_index AFTER INSERT OR UPDATE OF content, deleted_at ON posts
  FOR EACH ROW EXECUTE FUNCTION cvdp_index_post();
--> statement-breakpoint
-- Live threads: every new, edited, pinned, reacted-to or deleted post is announced on the channel
-- cvdp_thread_events (delivered at commit, never for a rolled-back change). Replicas LISTEN and push the
-- event to the browsers that have the thread open; the payload carries ids only, never text.
CREATE OR REPLACE FUNCTION cvdp_announce_post() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_thread integer;
  row_post integer;
BEGIN
  IF TG_TABLE_NAME = 'post_reactions' THEN
    row_post := coalesce(NEW.post_id, OLD.post_id);
    SELECT thread_id INTO row_thread FROM posts WHERE id = row_post;
  ELSE
    row_post := NEW.id;
    row_thread := NEW.thread_id;
  END IF;
  IF row_thread IS NOT NULL THEN
    PERFORM pg_notify('cvdp_thread_events',
      json_build_object('thread', row_thread, 'post', row_post, 'op', lower(TG_OP), 'table', TG_TABLE_NAME)::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER posts_announce AFTER INSERT OR UPDATE ON posts
  FOR EACH ROW EXECUTE FUNCTION cvdp_announce_post();
--> statement-breakpoint
CREATE TRIGGER post_reactions_announce AFTER INSERT OR DELETE ON post_reactions
  FOR EACH ROW EXECUTE FUNCTION cvdp_announce_post();
