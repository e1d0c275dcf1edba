-- The session cache (packages/server-kit/src/auth/session-cache.ts) keeps resolveSessionUser's answers in
-- memory; these triggers tell every replica, at commit, whose answers changed: channel cvdp_auth_changes,
-- payload a user id, or '*' (drop everything) for a statement touching over 100 users or a TRUNCATE.
-- They cover what that answer is made of: the session row (deleted: signed out, ended, purged; updated:
-- touched or shortened), the user's columns in AuthUser or in the sign-in condition (email, name, roles,
-- is_active, pending) and the user's group memberships. Never sent for a rolled-back change.
CREATE OR REPLACE FUNCTION cvdp_notify_auth_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cvdp_auth_changes', OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Row level with a WHEN: a sign-in's last_login_at (or a password hash) changes nothing cached.
CREATE TRIGGER users_auth_changes AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.email IS DISTINCT FROM NEW.email
        OR OLD.name IS DISTINCT FROM NEW.name OR OLD.roles IS DISTINCT FROM NEW.roles
        OR OLD.is_active IS DISTINCT FROM NEW.is_active OR OLD.pending IS DISTINCT FROM NEW.pending)
  EXECUTE FUNCTION cvdp_notify_auth_user();
--> statement-breakpoint
CREATE TRIGGER users_auth_deletes AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION cvdp_notify_auth_user();
--> statement-breakpoint
-- Statement level for sessions and memberships: one purge or bulk change notifies each user once (or '*').
CREATE OR REPLACE FUNCTION cvdp_notify_auth_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('cvdp_auth_changes', '*');
    RETURN NULL;
  ELSIF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT user_id) INTO ids FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT user_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT user_id) INTO ids
      FROM (SELECT user_id FROM old_rows UNION ALL SELECT user_id FROM new_rows) changed;
  END IF;
  IF cardinality(ids) > 100 THEN
    PERFORM pg_notify('cvdp_auth_changes', '*');
  ELSIF ids IS NOT NULL THEN
    PERFORM pg_notify('cvdp_auth_changes', id::text) FROM unnest(ids) AS id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_updates AFTER UPDATE ON sessions REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cvdp_notify_auth_rows();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_deletes AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cvdp_notify_auth_rows();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_truncates AFTER TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION cvdp_notify_auth_rows();
--> statement-breakpoint
CREATE TRIGGER group_members_auth_inserts AFTER INSERT ON group_members REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cvdp_notify_auth_rows();
--> statement-breakpoint
CREATE TRIGGER group_members_auth_updates AFTER UPDATE ON group_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cvdp_notify_auth_rows();
--> statement-breakpoint
CREATE TRIGGER group_members_auth_deletes AFTER DELETE ON group_members REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cvdp_notify_auth_rows();
--> statement-breakpoint
CREATE TRIGGER group_members_auth_truncates AFTER TRUNCATE ON group_members
  FOR EACH STATEMENT EXECUTE FUNCTION cvdp_notify_auth_rows();
--> statement-breakpoint
CREATE TRIGGER users_auth_truncates AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION cvdp_notify_auth_rows();
