// The reason a staff member types for an action that needs one (a credit note, a rejected request):
// required, up to 500 characters, its error under the field.
import { TextField } from "@mui/material";

export function ReasonField(props: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  /** shown under the field while there is no error */
  hint: string;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      label={props.label}
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      fullWidth
      multiline
      minRows={2}
      required
      autoFocus={props.autoFocus}
      error={Boolean(props.error)}
      helperText={props.error ?? props.hint}
      sx={{ mt: 1 }}
      slotProps={{ htmlInput: { maxLength: 500 } }}
    />
  );
}
