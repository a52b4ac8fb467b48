-- Pictures are JPEG, PNG, WebP or GIF, compressed already. With the default storage PostgreSQL ran its
-- compressor over each one before storing it as it came (a 90 KB photo gained nothing), and EXTERNAL
-- stores them out of line without trying. Rows written before keep how they were stored.
ALTER TABLE "MediaObject" ALTER COLUMN "bytes" SET STORAGE EXTERNAL;
