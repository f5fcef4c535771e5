-- Indeksai užsakymui ir foniniams darbams su dideliu duomenų kiekiu (npm run bench -- --scale):
-- - rezervuojant (svetainėje ir administravime) automobilis užrakinamas ir perskaitomos jį
--   laikančios rezervacijos (car_id = ? AND status IN (...)); be indekso 100 000 rezervacijų
--   lentelę tekdavo peržiūrėti visą – 70–140 ms kiekvienam užsakymui;
-- - neapmokėtų rezervacijų atlaisvinimas kas minutę ieško laukiančių internetinio mokėjimo
--   (payment.online.state); PGlite užklausas vykdo po vieną, tad visos lentelės peržiūra
--   (~140 ms) stabdydavo ir lankytojų užklausas.
CREATE INDEX reservations_car_status_idx ON reservations (car_id, status);
CREATE INDEX reservations_online_payment_idx ON reservations ((doc -> 'payment' -> 'online' -> 'state'));
