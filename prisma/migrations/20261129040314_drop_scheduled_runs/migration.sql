-- DropTable
DROP TABLE "ScheduledRun";
