// Date and time typed as "2026-11-25 10:00" on the company's clock (Europe/Vilnius), stored as
// an ISO instant. A text field, not the browser's picker, so the format is lt-LT and 24 h on
// every browser whatever its language.
import { TextInput, type TextInputProps } from "react-admin";
import { vilniusDateString, vilniusLocalToInstant, vilniusTimeString } from "../../domain/time";

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
  if (hours > 23 || minutes > 59 || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) return value;
  const time = `${String(hours).padStart(2, "0")}:${match[3]}`;
  return vilniusLocalToInstant(date, time).toISOString();
}

export function VilniusDateTimeInput(props: TextInputProps) {
  return (
    <TextInput
      format={toVilniusText}
      parse={fromVilniusText}
      placeholder="2026-11-25 10:00"
      helperText="MMMM-MM-DD VV:MM, Vilniaus laiku"
      slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "off", maxLength: 16 } }}
      {...props}
    />
  );
}
