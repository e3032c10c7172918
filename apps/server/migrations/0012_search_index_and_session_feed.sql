-- Admin search finds text anywhere in a user's name, email or phone (users.search_text). A btree
-- cannot serve LIKE '%term%'; a trigram index can, on PostgreSQL and on PGlite (which ships
-- pg_trgm; the app loads it). pg_trgm is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS users_search_text_trgm_idx ON users USING gin (search_text gin_trgm_ops);
--> statement-breakpoint

-- The session feed: every server process keeps the signed-in users it has looked up for a few
-- seconds (features/auth/signed-in-cache.ts). Whoever changes what sign-in depends on (status,
-- role, closing, sign-out-everywhere, name or email), the change is announced on commit to every
-- process listening, so a cached user is dropped at once on every replica.
CREATE FUNCTION notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('sente_user_changed', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_sign_in_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
     OR OLD.role IS DISTINCT FROM NEW.role
     OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
     OR OLD.sessions_revoked_at IS DISTINCT FROM NEW.sessions_revoked_at
     OR OLD.name IS DISTINCT FROM NEW.name
     OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION notify_user_changed();
--> statement-breakpoint
CREATE TRIGGER users_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_user_changed();
