-- Console session tokens are stored as keyed hashes from now on (lib/auth/hashed-sessions.ts). The key lives
-- outside the database, so existing rows (tokens in clear) cannot be hashed here: they are deleted, and every
-- console user signs in again once.
DELETE FROM "ConsoleSession";
