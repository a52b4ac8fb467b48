-- DropTable
DROP TABLE "ListingAlertCheck";
