-- DropForeignKey
ALTER TABLE "AlertMatch" DROP CONSTRAINT "AlertMatch_savedSearchId_fkey";

-- Written by hand (schema.prisma cannot describe it): a saved search's matches are deleted with it, as the
-- foreign key's ON DELETE CASCADE did, whichever way it goes (its customer's deletion cascades to it).
-- A rule rather than a trigger: the migration runner splits scripts at every semicolon, a function body's too.
CREATE RULE "SavedSearch_delete_matches" AS ON DELETE TO "SavedSearch"
  DO ALSO DELETE FROM "AlertMatch" WHERE "savedSearchId" = OLD.id
