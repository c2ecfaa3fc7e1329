-- CreateTable
CREATE TABLE "ContentVersion" (
    "companyId" INTEGER NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ContentVersion_pkey" PRIMARY KEY ("companyId")
);

-- Keeping the version: every change to what an idea card shows (services/idea/idea-cards.ts)
-- bumps its company's version in the same transaction, so a statement that reads the version
-- and the ideas together sees cards and version of one committed state. A vote changes only
-- the counts, which a list always reads fresh: it bumps nothing (a comment sets "updatedAt").
-- The triggers are deferred to the commit, so the version row is the last lock a transaction
-- takes and is held only while it commits; a transaction bumps its company once.
CREATE FUNCTION content_version_bump(company_id INTEGER) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  bumped TEXT := 'feedboard.content_version_' || company_id;
BEGIN
  -- Once per transaction and company: the mark is a setting local to the transaction.
  IF company_id IS NULL OR current_setting(bumped, true) = 'bumped' THEN
    RETURN;
  END IF;
  PERFORM set_config(bumped, 'bumped', true);
  INSERT INTO "ContentVersion" AS v ("companyId", "version") VALUES (company_id, 1)
  ON CONFLICT ("companyId") DO UPDATE SET "version" = v."version" + 1;
END $$;

CREATE FUNCTION content_version_board_company(board_id INTEGER) RETURNS INTEGER
LANGUAGE sql STABLE AS $$ SELECT "companyId" FROM "Board" WHERE "id" = board_id $$;

-- An idea's own text, status, author, decline, custom status or board; or its deletion (a kept
-- idea's title shows on its duplicates). A board deleted with its ideas bumps through "Board".
CREATE FUNCTION content_version_idea_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM content_version_bump(content_version_board_company(OLD."boardId"));
  IF TG_OP = 'UPDATE' AND NEW."boardId" IS DISTINCT FROM OLD."boardId" THEN
    PERFORM content_version_bump(content_version_board_company(NEW."boardId"));
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION content_version_idea_tag_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tag RECORD;
BEGIN
  IF TG_OP = 'DELETE' THEN tag := OLD; ELSE tag := NEW; END IF;
  PERFORM content_version_bump((SELECT t."companyId" FROM "Tag" t WHERE t."id" = tag."tagId"));
  PERFORM content_version_bump((SELECT b."companyId" FROM "Idea" i JOIN "Board" b ON b."id" = i."boardId"
                                WHERE i."id" = tag."ideaId"));
  RETURN NULL;
END $$;

CREATE FUNCTION content_version_company_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM content_version_bump(OLD."companyId");
  IF TG_OP = 'UPDATE' AND NEW."companyId" IS DISTINCT FROM OLD."companyId" THEN
    PERFORM content_version_bump(NEW."companyId");
  END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION content_version_board_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM content_version_bump(content_version_board_company(NEW."boardId"));
  ELSE
    PERFORM content_version_bump(content_version_board_company(OLD."boardId"));
  END IF;
  RETURN NULL;
END $$;

CREATE CONSTRAINT TRIGGER "Idea_content_changed"
  AFTER UPDATE OF "boardId", "authorId", "title", "description", "status", "declineReason",
    "declineComment", "duplicateOfId", "declinedAt", "customStatusId", "createdAt", "updatedAt",
    "importSource", "importExternalId" OR DELETE ON "Idea"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_version_idea_changed();
CREATE CONSTRAINT TRIGGER "IdeaTag_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "IdeaTag"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_version_idea_tag_changed();
CREATE CONSTRAINT TRIGGER "Tag_content_changed" AFTER UPDATE OF "name", "nameKey", "color", "isPrivate", "companyId" OR DELETE ON "Tag"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_version_company_row_changed();
CREATE CONSTRAINT TRIGGER "User_content_changed" AFTER UPDATE OF "displayName", "avatarUrl", "companyId" OR DELETE ON "User"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_version_company_row_changed();
CREATE CONSTRAINT TRIGGER "Board_content_changed" AFTER UPDATE OF "language", "companyId" OR DELETE ON "Board"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_version_company_row_changed();
CREATE CONSTRAINT TRIGGER "BoardStatus_content_changed" AFTER INSERT OR UPDATE OR DELETE ON "BoardStatus"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION content_version_board_status_changed();
