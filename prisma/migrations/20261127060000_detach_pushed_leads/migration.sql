-- Pushed leads made before they belonged to no customer account: detach them from the customer their
-- e-mail address named, so that no lead read shows that customer stored profile and no customer sees
-- them among their applications. Only the address of what was pushed was kept, so it alone remains;
-- the listing owner counts as the account that pushed them. Register interest is the only writer of
-- the portal source.
UPDATE "Application" AS a
SET "pushedContact" = jsonb_build_object('email', c.email),
    "pushedByAccountId" = l."accountId",
    "customerId" = NULL
FROM "Customer" AS c, "Listing" AS l
WHERE a."customerId" = c.id
  AND a."listingId" = l.id
  AND a.source <> 'portal'
  AND a."updateTokenHash" IS NULL;
