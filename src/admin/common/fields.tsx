// Small display pieces shared by the admin lists: lt-LT money and dates, status chips, thumbnails.
import { Box, Chip, type ChipProps } from "@mui/material";
import { useRecordContext } from "react-admin";
import { useBackend } from "../../app/BackendContext";
import { formatDate, formatDateTime, formatMoney } from "../../domain/format";
import { type Choice, choiceName } from "../labels";

type AnyRecord = Record<string, unknown>;

function valueAt(record: AnyRecord | undefined, source: string): unknown {
  let value: unknown = record;
  for (const key of source.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as AnyRecord)[key];
  }
  return value;
}

/** "1 234,50 €" */
export function MoneyValue({ source }: { source: string; label?: string }) {
  const record = useRecordContext<AnyRecord>();
  const value = valueAt(record, source);
  return <span style={{ whiteSpace: "nowrap" }}>{typeof value === "number" ? formatMoney(value) : "—"}</span>;
}

/** "2026-11-21 09:05" in Europe/Vilnius, or "2026-11-21" for calendar dates. */
export function DateTimeValue({ source, dateOnly = false }: { source: string; label?: string; dateOnly?: boolean }) {
  const record = useRecordContext<AnyRecord>();
  const value = valueAt(record, source);
  if (typeof value !== "string" || value === "") return <span>—</span>;
  return <span style={{ whiteSpace: "nowrap" }}>{dateOnly ? formatDate(value) : formatDateTime(value)}</span>;
}

export type ChipTone = NonNullable<ChipProps["color"]>;

/** A stored code as a Lithuanian chip. */
export function ChoiceChip({
  source,
  choices,
  tones = {},
}: {
  source: string;
  label?: string;
  choices: readonly Choice[];
  tones?: Readonly<Record<string, ChipTone>>;
}) {
  const record = useRecordContext<AnyRecord>();
  const value = valueAt(record, source);
  if (typeof value !== "string") return null;
  return <Chip size="small" label={choiceName(choices, value)} color={tones[value] ?? "default"} />;
}

/** A yes/no value as words, not icons only. */
export function YesNoValue({ source }: { source: string; label?: string }) {
  const record = useRecordContext<AnyRecord>();
  const value = valueAt(record, source);
  return <span>{value === true ? "Taip" : value === false ? "Ne" : "—"}</span>;
}

/** The first image of a record as a small thumbnail. */
export function Thumbnail({ source = "images", size = 56 }: { source?: string; label?: string; size?: number }) {
  const record = useRecordContext<AnyRecord>();
  const backend = useBackend();
  const value = valueAt(record, source);
  const path = Array.isArray(value) ? value[0] : value;
  const box = { width: size, height: Math.round(size * 0.66), borderRadius: 1, flexShrink: 0 };
  if (typeof path !== "string" || path === "") {
    return <Box sx={{ ...box, bgcolor: "grey.200" }} aria-hidden="true" />;
  }
  return (
    <Box
      component="img"
      src={backend.files.url(path)}
      alt=""
      loading="lazy"
      sx={{ ...box, objectFit: "cover", display: "block", bgcolor: "grey.200" }}
    />
  );
}
