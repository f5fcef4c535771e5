// The hand-over's deposit (užstatas): how it was taken – cash or card at the desk (the amount
// pre-filled from the car's deposit) or that none was taken – or, when the customer's card already
// holds it online, only that. The server records it in the ledger (src/domain/deposits.ts).
import { Alert, Box, FormControlLabel, FormHelperText, Radio, RadioGroup, TextField, Typography } from "@mui/material";
import { HANDOVER_DEPOSIT_LABELS } from "../../domain/deposits";
import { formatMoney } from "../../domain/format";
import type { HandoverDepositMethod } from "../../domain/schemas";
import type { FieldErrors } from "./deskModel";

const DESK_METHODS: readonly HandoverDepositMethod[] = ["cash", "card", "none"];

export function DepositFields({
  method,
  amount,
  onlineHold,
  carDeposit,
  errors,
  onChange,
}: {
  method: HandoverDepositMethod;
  amount: string;
  /** the deposit an online payment already holds on the card (0: none) */
  onlineHold: number;
  carDeposit: number;
  errors: FieldErrors;
  onChange: (patch: { depositMethod?: HandoverDepositMethod; depositAmount?: string }) => void;
}) {
  return (
    <Box component="section" aria-labelledby="deposit-heading" data-testid="handover-deposit">
      <Typography id="deposit-heading" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        Užstatas
      </Typography>
      {onlineHold > 0 ? (
        <Alert severity="success" data-testid="deposit-online-hold">
          Užstatas {formatMoney(onlineHold)} jau rezervuotas kliento kortelėje internetu – vietoje imti nereikia.
        </Alert>
      ) : (
        <>
          <RadioGroup
            row
            aria-labelledby="deposit-heading"
            value={method}
            onChange={(event) => onChange({ depositMethod: event.target.value as HandoverDepositMethod })}
          >
            {DESK_METHODS.map((each) => (
              <FormControlLabel
                key={each}
                value={each}
                control={<Radio sx={{ p: 1.25, "& svg": { fontSize: 28 } }} />}
                label={HANDOVER_DEPOSIT_LABELS[each]}
                sx={{ mr: 3, minHeight: 48 }}
              />
            ))}
          </RadioGroup>
          {errors["deposit.method"] && <FormHelperText error>{errors["deposit.method"]}</FormHelperText>}
          {method !== "none" && (
            <TextField
              label="Užstato suma, €"
              value={amount}
              onChange={(event) => onChange({ depositAmount: event.target.value })}
              required
              error={Boolean(errors["deposit.amount"])}
              helperText={errors["deposit.amount"] ?? `Automobilio užstatas – ${formatMoney(carDeposit)}`}
              slotProps={{ htmlInput: { inputMode: "decimal", "data-testid": "deposit-amount" } }}
              sx={{ mt: 1, maxWidth: 260 }}
            />
          )}
          {method === "none" && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Užstatas nebus įskaitytas į grąžinimo mokesčius – jie liks mokėti visi.
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
