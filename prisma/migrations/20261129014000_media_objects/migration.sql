-- Feed pictures (the three sizes, and the pictures of an upload until its import ends) kept where every
-- instance can read them (media-stores/postgres-media-store.ts).
-- CreateTable
CREATE TABLE "MediaObject" (
    "key" TEXT NOT NULL,
    "bytes" BYTEA NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MediaObject_pkey" PRIMARY KEY ("key")
);
