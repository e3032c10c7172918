ALTER TABLE "users" ADD COLUMN "sessions_changed_at" timestamp with time zone;--> statement-breakpoint
-- One session signed out (logout, a refresh token reused) touches sessions_changed_at: every
-- replica's guard drops the cached user and reads its revoked sessions again (signed-in-cache.ts).
DROP TRIGGER users_sign_in_changed ON users;
--> statement-breakpoint
CREATE TRIGGER users_sign_in_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status
     OR OLD.role IS DISTINCT FROM NEW.role
     OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
     OR OLD.sessions_revoked_at IS DISTINCT FROM NEW.sessions_revoked_at
     OR OLD.sessions_changed_at IS DISTINCT FROM NEW.sessions_changed_at
     OR OLD.name IS DISTINCT FROM NEW.name
     OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION notify_user_changed();
