// "Sujungti" on the customer card: a web booking never writes to an existing customer found by
// e-mail; it creates a customer of its own pending a merge (mergeInto). Staff check that it is the
// same person and merge (src/core/customerMerge.ts): the reservations move to the existing
// customer, its empty fields are filled, this one is deleted, the audit log keeps the merge.
import MergeIcon from "@mui/icons-material/CallMerge";
import { Alert, Button, Card, CardContent, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { Link, useCreatePath, useNotify, useRecordContext, useRedirect } from "react-admin";
import type { Customer } from "../../domain/schemas";
import { useAdminActions } from "../adminApi";

type CustomerRecord = Customer & { id: string };

export function CustomerMerge() {
  const record = useRecordContext<CustomerRecord>();
  const actions = useAdminActions();
  const notify = useNotify();
  const redirect = useRedirect();
  const createPath = useCreatePath();
  const [busy, setBusy] = useState(false);
  if (!record?.mergeInto || record.anonymisedAt) return null;
  const target = record.mergeInto;

  const onMerge = async () => {
    setBusy(true);
    try {
      const answer = await actions.mergeCustomer(record.id);
      notify(`Klientai sujungti: perkelta rezervacijų – ${answer.reservations}`, { type: "success" });
      redirect(createPath({ resource: "customers", id: answer.customerId, type: "edit" }));
    } catch (error) {
      notify(error instanceof Error && error.message ? error.message : "Sujungti nepavyko", { type: "error" });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="customer-merge" sx={{ mt: 2 }}>
      <CardContent>
        <Typography id="customer-merge" variant="h6" component="h2">
          Laukia sujungimo
        </Typography>
        <Alert severity="warning" sx={{ mt: 1 }}>
          Šis klientas sukurtas rezervuojant svetainėje su el. pašto adresu, kurį jau turi kitas klientas. Esamo kliento
          duomenys nepakeisti. Patikrinkite, ar tai tas pats asmuo, ir sujunkite: rezervacijos bus perkeltos, tušti
          esamo kliento laukai užpildyti, šis įrašas ištrintas.
        </Alert>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ mt: 1.5 }}>
          <Button
            variant="outlined"
            component={Link}
            to={createPath({ resource: "customers", id: target, type: "edit" })}
            disabled={busy}
          >
            Esamas klientas
          </Button>
          <Button variant="contained" startIcon={<MergeIcon />} onClick={onMerge} disabled={busy}>
            {busy ? "Jungiama…" : "Sujungti"}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
