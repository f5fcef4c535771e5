-- Sąskaitos faktūros ir kreditinės sąskaitos (kolekcija invoices, store_documents lentelėje).
-- Išrašyta sąskaita niekada nekeičiama ir netrinama: tai užtikrina ir branduolys (src/core/invoices.ts),
-- ir pati duomenų bazė – šis trigeris atmeta bet kokį sąskaitos įrašo UPDATE ar DELETE.
CREATE FUNCTION invoices_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.collection = 'invoices' THEN
    RAISE EXCEPTION 'Išrašyta sąskaita faktūra %: keisti ar trinti negalima', OLD.id
      USING ERRCODE = 'check_violation';
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER store_documents_invoices_immutable
  BEFORE UPDATE OR DELETE ON store_documents
  FOR EACH ROW WHEN (OLD.collection = 'invoices')
  EXECUTE FUNCTION invoices_immutable();

-- Numeris serijoje unikalus (dublikato duomenų bazė neįrašys) ir greita paieška pagal numerį.
CREATE UNIQUE INDEX store_documents_invoice_number_idx
  ON store_documents ((doc->>'number'))
  WHERE collection = 'invoices';
