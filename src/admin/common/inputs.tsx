// Date and time on the company's clock (Europe/Vilnius), stored as an ISO instant: a date
// field with a calendar (2026-11-25) and a 24 h time list in 15-minute steps, so both read the
// Lithuanian way on every browser whatever its language.
import { Box, FormHelperText, MenuItem, TextField, Typography } from "@mui/material";
import { useId } from "react";
import { FieldTitle, type InputProps, useInput, useResourceContext, useTranslate } from "react-admin";
import { isDateString, vilniusDateString, vilniusLocalToInstant, vilniusTimeString } from "../../domain/time";
import { DateField } from "./DatePicker";

const INSTANT_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;
const TYPED_PATTERN = /^\s*(\d{4}-\d{2}-\d{2})[ T](\d{1,2}):(\d{2})\s*$/;

/** ISO instant -> "2026-11-25 10:00" on the Vilnius wall clock; anything else (text being typed) as is. */
export function toVilniusText(value: unknown): string {
  if (typeof value !== "string" || value === "") return "";
  if (!INSTANT_PATTERN.test(value) || Number.isNaN(Date.parse(value))) return value;
  return `${vilniusDateString(value)} ${vilniusTimeString(value)}`;
}

/** "2026-11-25 10:00" (Vilnius) -> ISO instant; incomplete text stays text for the validator to flag. */
export function fromVilniusText(value: string | null): string | null {
  if (value === null || value.trim() === "") return null;
  const match = TYPED_PATTERN.exec(value);
  if (!match) return value;
  const hours = Number(match[2]);
  const minutes = Number(match[3]);
  const date = match[1] as string;
  if (hours > 23 || minutes > 59 || !isDateString(date)) return value;
  const time = `${String(hours).padStart(2, "0")}:${match[3]}`;
  return vilniusLocalToInstant(date, time).toISOString();
}

/** 00:00, 00:15 ... 23:45 */
export const QUARTER_HOURS: readonly string[] = Array.from({ length: 96 }, (_, index) => {
  const hours = Math.floor(index / 4);
  const minutes = (index % 4) * 15;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
});

/** The date and time parts of a stored instant on the Vilnius clock. */
export function instantParts(value: unknown): { date: string; time: string } {
  if (typeof value !== "string" || !INSTANT_PATTERN.test(value) || Number.isNaN(Date.parse(value))) {
    return { date: "", time: "" };
  }
  return { date: vilniusDateString(value), time: vilniusTimeString(value) };
}

/** Both parts -> ISO instant; null while one is missing. */
export function instantFromParts(date: string, time: string): string | null {
  if (!isDateString(date) || !/^\d{2}:\d{2}$/.test(time)) return null;
  return vilniusLocalToInstant(date, time).toISOString();
}

type DateTimeInputProps = Omit<InputProps, "source"> & { source: string; defaultTime?: string; helperText?: string };

export function DateTimeInput({ defaultTime = "10:00", helperText, ...props }: DateTimeInputProps) {
  const { field, fieldState, isRequired } = useInput(props);
  const resource = useResourceContext(props);
  const translate = useTranslate();
  const legendId = useId();
  const { date, time } = instantParts(field.value);
  const times = time && !QUARTER_HOURS.includes(time) ? [...QUARTER_HOURS, time].sort() : QUARTER_HOURS;
  const error = fieldState.error?.message;
  const label = typeof props.label === "string" ? translate(props.label, { _: props.label }) : undefined;

  const change = (nextDate: string, nextTime: string) => {
    field.onChange(instantFromParts(nextDate, nextTime || defaultTime));
  };

  return (
    <Box component="fieldset" aria-labelledby={legendId} sx={{ border: 0, p: 0, m: 0, mb: 1, minWidth: 0 }}>
      <Typography id={legendId} component="legend" variant="body2" sx={{ color: "text.secondary", mb: 0.5 }}>
        {label ?? <FieldTitle source={props.source} resource={resource} isRequired={isRequired} />}
      </Typography>
      <Box sx={{ display: "grid", gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)", gap: 1 }}>
        <DateField
          label="Data"
          value={date}
          onChange={(next) => (next ? change(next, time) : field.onChange(null))}
          onBlur={field.onBlur}
          error={Boolean(error)}
          required={isRequired}
          sx={{ m: 0 }}
        />
        <TextField
          select
          label="Laikas"
          value={time}
          onChange={(event) => change(date, event.target.value)}
          onBlur={field.onBlur}
          error={Boolean(error)}
          required={isRequired}
          disabled={!date}
          slotProps={{
            inputLabel: { shrink: true },
            select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } },
          }}
          sx={{ m: 0 }}
        >
          {times.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <FormHelperText id={`${legendId}-help`} error={Boolean(error)}>
        {error ? translate(error, { _: error }) : `Vilniaus laiku${helperText ? `. ${helperText}` : ""}`}
      </FormHelperText>
    </Box>
  );
}
