-- Administravimo sąrašų paieška: kiekviena dokumentų eilutė turi `search` (tsvector, konfigūracija
-- „simple“) su GIN indeksu. Ją palaiko trigeriai, tad teisinga bet kuriuo rašymo keliu.
-- Žodžiai gaunami taip pat kaip src/domain/searchText.ts (valueSearchWords, SEARCH_FIELDS):
-- lietuviškos raidės be diakritikų, mažosios, skaitmenų grupės sujungtos, telefonai visomis formomis.
-- Užklausos žodžiai – prefiksai („rim:* & aud:*“), žr. server/http/listQuery.ts.

CREATE FUNCTION search_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(translate(coalesce(value, ''),
    'ąĄčČęĘėĖįĮšŠųŲūŪžŽäÄöÖüÜõÕåÅáÁàÀâÂãÃāĀéÉèÈêÊëËēĒíÍìÌîÎïÏīĪóÓòÒôÔøØōŌőŐúÚùÙûÛůŮűŰýÝÿŸñÑńŃňŇçÇćĆłŁľĽĺĹśŚźŹżŻđĐďĎğĞşŞţŢťŤřŘŕŔİ',
    'aacceeeeiissuuuuzzaaoouuooaaaaaaaaaaaaeeeeeeeeeeiiiiiiiiiioooooooooooouuuuuuuuuuyyyynnnnnnccccllllllsszzzzddddggssttttrrrri')),
    '[^a-z0-9]+', ' ', 'g'))
$$;

CREATE FUNCTION search_words(value text) RETURNS text
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  folded text := search_fold(value);
  extra text[] := '{}';
  compact text;
  run text;
  word text;
BEGIN
  IF folded = '' THEN
    RETURN '';
  END IF;
  FOR run IN SELECT (regexp_matches(folded, '(?:^| )([0-9]+(?: [0-9]+)+)(?= |$)', 'g'))[1] LOOP
    extra := extra || replace(run, ' ', '');
  END LOOP;
  compact := replace(folded, ' ', '');
  IF compact <> folded AND folded ~ '[0-9]' AND length(compact) <= 24 THEN
    extra := extra || compact;
  END IF;
  FOREACH word IN ARRAY string_to_array(folded, ' ') || extra LOOP
    IF word ~ '^370[0-9]{8}$' THEN
      extra := extra || ('8' || substr(word, 4)) || substr(word, 4);
    ELSIF word ~ '^8[0-9]{8}$' THEN
      extra := extra || ('370' || substr(word, 2)) || substr(word, 2);
    END IF;
  END LOOP;
  RETURN btrim(folded || ' ' || array_to_string(extra, ' '));
END
$$;

-- Eilutės, skaičiaus ar jų masyvo žodžiai.
CREATE FUNCTION search_json_words(value jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE jsonb_typeof(value)
    WHEN 'string' THEN search_words(value #>> '{}')
    WHEN 'number' THEN search_words(value #>> '{}')
    WHEN 'array' THEN coalesce((
      SELECT string_agg(search_words(item #>> '{}'), ' ')
      FROM jsonb_array_elements(value) AS item
      WHERE jsonb_typeof(item) IN ('string', 'number')), '')
    ELSE '' END
$$;

-- Ieškomi kiekvienos lentelės laukai (tokie pat kaip SEARCH_FIELDS).
CREATE FUNCTION search_fields(table_name text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE table_name
    WHEN 'cars' THEN ARRAY['make', 'model', 'year', 'slug']
    WHEN 'fleet' THEN ARRAY['plateNumber', 'vin', 'notes']
    WHEN 'prices' THEN ARRAY['category', 'season.name']
    WHEN 'offers' THEN ARRAY['title', 'slug']
    WHEN 'news' THEN ARRAY['title', 'slug', 'excerpt']
    WHEN 'customers' THEN ARRAY['firstName', 'lastName', 'companyName', 'companyCode', 'vatCode', 'email', 'phone']
    WHEN 'requests' THEN ARRAY['name', 'email', 'phone', 'company.name', 'company.code', 'message']
    WHEN 'reservations' THEN ARRAY['number', 'comment']
    WHEN 'locations' THEN ARRAY['name', 'city', 'address']
    WHEN 'extras' THEN ARRAY['name']
    WHEN 'staff' THEN ARRAY['name', 'email']
    WHEN 'mail' THEN ARRAY['to', 'message.subject', 'ref']
    WHEN 'client_errors' THEN ARRAY['message', 'kind', 'url']
    WHEN 'audit_log' THEN ARRAY['actor', 'action', 'resource', 'recordId']
    -- Rezervacijos kliento ir automobilio laukai (sąraše rodomi per nuorodas).
    WHEN 'reservation_customer' THEN ARRAY['firstName', 'lastName', 'companyName', 'email', 'phone']
    WHEN 'reservation_car' THEN ARRAY['make', 'model']
    ELSE ARRAY[]::text[] END
$$;

CREATE FUNCTION search_document(table_name text, document jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(search_json_words(document #> string_to_array(field, '.')), ' ' ORDER BY position), '')
  FROM unnest(search_fields(table_name)) WITH ORDINALITY AS fields (field, position)
$$;

-- Rezervacija randama ir pagal kliento bei automobilio duomenis (jų pakeitimai ją atnaujina).
CREATE FUNCTION search_reservation(reservation_doc jsonb, reservation_car uuid) RETURNS tsvector
LANGUAGE sql STABLE AS $$
  SELECT to_tsvector('simple', concat_ws(' ',
    search_document('reservations', reservation_doc),
    (SELECT search_document('reservation_customer', c.doc) FROM customers c
      WHERE reservation_doc ->> 'customerId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
        AND c.id = (reservation_doc ->> 'customerId')::uuid),
    (SELECT search_document('reservation_car', c.doc) FROM cars c WHERE c.id = reservation_car)))
$$;

CREATE FUNCTION search_row_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'reservations' THEN
    NEW.search := search_reservation(NEW.doc, NEW.car_id);
  ELSE
    NEW.search := to_tsvector('simple', search_document(TG_TABLE_NAME, NEW.doc));
  END IF;
  RETURN NEW;
END
$$;

CREATE FUNCTION search_refresh_reservations() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'customers' THEN
    UPDATE reservations SET search = search_reservation(doc, car_id) WHERE doc ->> 'customerId' = NEW.id::text;
  ELSE
    UPDATE reservations SET search = search_reservation(doc, car_id) WHERE car_id = NEW.id;
  END IF;
  RETURN NULL;
END
$$;

DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['cars', 'fleet', 'prices', 'offers', 'news', 'customers', 'requests', 'reservations',
    'locations', 'extras', 'settings', 'staff', 'mail', 'client_errors', 'audit_log'] LOOP
    EXECUTE format('ALTER TABLE %I ADD COLUMN search tsvector', name);
    EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE OF doc ON %I
      FOR EACH ROW EXECUTE FUNCTION search_row_update()', name || '_search_trigger', name);
    EXECUTE format('CREATE INDEX %I ON %I USING gin (search)', name || '_search_idx', name);
  END LOOP;
END
$$;

-- Rezervacijos automobilis keičiamas ir per car_id stulpelį.
DROP TRIGGER reservations_search_trigger ON reservations;
CREATE TRIGGER reservations_search_trigger BEFORE INSERT OR UPDATE OF doc, car_id ON reservations
  FOR EACH ROW EXECUTE FUNCTION search_row_update();
CREATE INDEX reservations_customer_idx ON reservations ((doc ->> 'customerId'));

CREATE TRIGGER customers_search_reservations AFTER UPDATE OF doc ON customers
  FOR EACH ROW WHEN (OLD.doc IS DISTINCT FROM NEW.doc) EXECUTE FUNCTION search_refresh_reservations();
CREATE TRIGGER cars_search_reservations AFTER UPDATE OF doc ON cars
  FOR EACH ROW WHEN (OLD.doc IS DISTINCT FROM NEW.doc) EXECUTE FUNCTION search_refresh_reservations();

-- Esamos eilutės.
UPDATE cars SET search = to_tsvector('simple', search_document('cars', doc));
UPDATE fleet SET search = to_tsvector('simple', search_document('fleet', doc));
UPDATE prices SET search = to_tsvector('simple', search_document('prices', doc));
UPDATE offers SET search = to_tsvector('simple', search_document('offers', doc));
UPDATE news SET search = to_tsvector('simple', search_document('news', doc));
UPDATE customers SET search = to_tsvector('simple', search_document('customers', doc));
UPDATE requests SET search = to_tsvector('simple', search_document('requests', doc));
UPDATE reservations SET search = search_reservation(doc, car_id);
UPDATE locations SET search = to_tsvector('simple', search_document('locations', doc));
UPDATE extras SET search = to_tsvector('simple', search_document('extras', doc));
UPDATE settings SET search = to_tsvector('simple', search_document('settings', doc));
UPDATE staff SET search = to_tsvector('simple', search_document('staff', doc));
UPDATE mail SET search = to_tsvector('simple', search_document('mail', doc));
UPDATE client_errors SET search = to_tsvector('simple', search_document('client_errors', doc));
UPDATE audit_log SET search = to_tsvector('simple', search_document('audit_log', doc));
