-- Insights (issue 22), the cost of ingesting a round (decision 0030): a round's track positions and
-- times (x, y, seconds: a thousand 4-byte numbers each) do not compress, yet pglz tried every one of
-- every round before storing it as it was. Stored out of line uncompressed from now on (rows written
-- before stay as they are, readable alike). `hole` keeps the default: its long runs of one number
-- compress about tenfold. Valid on the embedded database and PostgreSQL alike (no lz4 needed).
ALTER TABLE "round_tracks" ALTER COLUMN "x" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "round_tracks" ALTER COLUMN "y" SET STORAGE EXTERNAL;--> statement-breakpoint
ALTER TABLE "round_tracks" ALTER COLUMN "seconds" SET STORAGE EXTERNAL;
