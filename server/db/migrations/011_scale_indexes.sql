-- Indeksai dideliam duomenų kiekiui (1 000 automobilių, 100 000 rezervacijų per 3 metus; npm run bench -- --scale).
-- Užklausų planus (EXPLAIN) parodė administravimo sąrašai:
-- - užimtumo lentelė ir pradžios puslapis ima rezervacijas, kurios persidengia su laikotarpiu
--   (pickup_at < pabaiga AND return_at > pradžia): pagal pickup_at tenka peržiūrėti visą praeitį,
--   o pagal return_at – tik nuo laikotarpio pradžios besibaigiančias;
-- - „naujos rezervacijos“ (status = 'new', naujausios pirmos) nebeperžiūri visos lentelės.
-- Viešos paieškos užimtumo užklausa į duomenų bazę nebeina (server/http/siteStoreCache.ts).
CREATE INDEX reservations_return_idx ON reservations (return_at);
CREATE INDEX reservations_status_created_idx ON reservations (status, created_at);
