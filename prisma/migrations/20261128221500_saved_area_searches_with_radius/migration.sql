-- A region, county or local authority searched with a radius above 0 now means its rectangle expanded
-- by the radius, no longer the listings of its local authorities whatever the radius. Saved searches
-- whose filters name such an area take the whole United Kingdom as their coarse box, and lose their
-- filters: the first listing event works both out again from the query (saved-search-criteria.ts,
-- version 3) and stores the right box.
UPDATE "SavedSearch"
SET area = box(point(1.77, 60.86), point(-8.65, 49.86)), filters = NULL
WHERE filters LIKE '%"within":%';
