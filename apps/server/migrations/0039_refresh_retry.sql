-- A refresh whose answer was lost (docs/app.md): the token its lost answer carried is marked
-- superseded when a retry of the token before it gets a new pair. Presenting a superseded token
-- later still revokes its family, as any rotated token does.
ALTER TABLE "refresh_tokens" ADD COLUMN "superseded_at" timestamp with time zone;
