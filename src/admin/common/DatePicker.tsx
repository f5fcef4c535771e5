// A date field that always reads the Lithuanian way (2026-11-25), whatever the browser's
// language: type the date, or open the calendar (Monday first, Lithuanian month and day names,
// arrow keys to move, Enter to choose, Escape to close). The browser's own date input would show
// 11/25/2026 on an English system.
import CalendarMonthIcon from "@mui/icons-material/CalendarMonth";
import ChevronLeftIcon from "@mui/icons-material/ChevronLeft";
import ChevronRightIcon from "@mui/icons-material/ChevronRight";
import {
  Box,
  Button,
  IconButton,
  InputAdornment,
  Popover,
  Stack,
  TextField,
  type TextFieldProps,
  Typography,
} from "@mui/material";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { FieldTitle, type InputProps, useInput, useResourceContext, useTranslate } from "react-admin";
import { addDaysToDateString, isDateString, vilniusDateString } from "../../domain/time";
import { mondayIndex, noonUtc } from "./days";

export const DATE_FORMAT_MESSAGE = "Data turi būti formato MMMM-MM-DD";
const WEEKDAYS = ["Pr", "An", "Tr", "Kt", "Pn", "Št", "Sk"];
const WEEKDAY_NAMES = [
  "pirmadienis",
  "antradienis",
  "trečiadienis",
  "ketvirtadienis",
  "penktadienis",
  "šeštadienis",
  "sekmadienis",
];
const monthTitle = new Intl.DateTimeFormat("lt-LT", { month: "long", year: "numeric", timeZone: "UTC" });

/** "2026-11" -> the month's days, padded to whole weeks starting on Monday. */
export function monthGrid(month: string): (string | null)[] {
  const first = `${month}-01`;
  const lead = mondayIndex(first);
  const days: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let day = first; day.startsWith(month); day = addDaysToDateString(day, 1)) days.push(day);
  while (days.length % 7 !== 0) days.push(null);
  return days;
}

const shiftMonth = (month: string, delta: number): string => {
  const [year = 2026, m = 1] = month.split("-").map(Number);
  const index = year * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;
};

function Calendar({ value, onPick }: { value: string; onPick: (date: string) => void }) {
  const today = vilniusDateString(new Date());
  const [focused, setFocused] = useState(isDateString(value) ? value : today);
  const month = focused.slice(0, 7);
  const grid = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    grid.current?.querySelector<HTMLElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const onKey = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };
    const move = moves[event.key];
    if (move !== undefined) {
      event.preventDefault();
      setFocused(addDaysToDateString(focused, move));
    } else if (event.key === "PageUp" || event.key === "PageDown") {
      event.preventDefault();
      const target = shiftMonth(month, event.key === "PageUp" ? -1 : 1);
      const day = focused.slice(8);
      const candidate = `${target}-${day}`;
      setFocused(isDateString(candidate) ? candidate : `${target}-01`);
    } else if (event.key === "Home") {
      event.preventDefault();
      setFocused(addDaysToDateString(focused, -mondayIndex(focused)));
    } else if (event.key === "End") {
      event.preventDefault();
      setFocused(addDaysToDateString(focused, 6 - mondayIndex(focused)));
    }
  };

  return (
    <Box sx={{ p: 1.5, width: 304 }}>
      <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between", mb: 1 }}>
        <IconButton
          aria-label="Ankstesnis mėnuo"
          onClick={() => setFocused(`${shiftMonth(month, -1)}-01`)}
          size="small"
        >
          <ChevronLeftIcon />
        </IconButton>
        <Typography id={titleId} aria-live="polite" sx={{ fontWeight: 600 }}>
          {monthTitle.format(noonUtc(`${month}-01`))}
        </Typography>
        <IconButton aria-label="Kitas mėnuo" onClick={() => setFocused(`${shiftMonth(month, 1)}-01`)} size="small">
          <ChevronRightIcon />
        </IconButton>
      </Stack>
      <Box
        ref={grid}
        role="grid"
        aria-labelledby={titleId}
        onKeyDown={onKey}
        sx={{ display: "grid", gridTemplateColumns: "repeat(7, 1fr)", gap: 0.25 }}
      >
        <Box role="row" sx={{ display: "contents" }}>
          {WEEKDAYS.map((day, index) => (
            <Box
              role="columnheader"
              key={day}
              aria-label={WEEKDAY_NAMES[index]}
              sx={{ textAlign: "center", fontSize: 12, color: "text.secondary", py: 0.5 }}
            >
              {day}
            </Box>
          ))}
        </Box>
        {Array.from({ length: monthGrid(month).length / 7 }, (_, week) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the weeks of a month are a fixed sequence
          <Box role="row" key={`${month}-${week}`} sx={{ display: "contents" }}>
            {monthGrid(month)
              .slice(week * 7, week * 7 + 7)
              .map((date, index) =>
                date ? (
                  <Box role="gridcell" key={date} aria-selected={date === value}>
                    <Button
                      data-date={date}
                      tabIndex={date === focused ? 0 : -1}
                      onClick={() => onPick(date)}
                      aria-label={`${date}, ${WEEKDAY_NAMES[mondayIndex(date)]}${date === today ? ", šiandien" : ""}`}
                      variant={date === value ? "contained" : "text"}
                      sx={{
                        minWidth: 0,
                        width: "100%",
                        height: 36,
                        p: 0,
                        fontWeight: date === today ? 700 : 400,
                        border: date === today && date !== value ? "1px solid" : undefined,
                        color: date === value ? undefined : "text.primary",
                      }}
                    >
                      {Number(date.slice(8))}
                    </Button>
                  </Box>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: padding cells of a fixed grid
                  <Box role="gridcell" key={`pad-${week}-${index}`} />
                ),
              )}
          </Box>
        ))}
      </Box>
      <Stack direction="row" sx={{ justifyContent: "space-between", mt: 1 }}>
        <Button size="small" onClick={() => onPick(today)}>
          Šiandien
        </Button>
        <Button size="small" onClick={() => onPick("")}>
          Išvalyti
        </Button>
      </Stack>
    </Box>
  );
}

export type DateFieldProps = Omit<TextFieldProps, "value" | "onChange" | "type"> & {
  value: string;
  onChange: (date: string) => void;
};

/** A controlled date field: value and onChange speak "YYYY-MM-DD" ("" when empty). */
export function DateField({ value, onChange, error, helperText, label, ...rest }: DateFieldProps) {
  const [text, setText] = useState(value);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => setText(value), [value]);
  const badText = text.trim() !== "" && !isDateString(text.trim());

  return (
    <>
      <TextField
        {...rest}
        label={label}
        value={text}
        placeholder="MMMM-MM-DD"
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          if (next.trim() === "") onChange("");
          else if (isDateString(next.trim())) onChange(next.trim());
        }}
        error={Boolean(error) || badText}
        helperText={badText ? DATE_FORMAT_MESSAGE : helperText}
        slotProps={{
          ...rest.slotProps,
          inputLabel: { shrink: true },
          htmlInput: { inputMode: "numeric", maxLength: 10, autoComplete: "off" },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  ref={button}
                  edge="end"
                  aria-label={`${typeof label === "string" ? `${label}: ` : ""}pasirinkti datą kalendoriuje`}
                  aria-haspopup="dialog"
                  onClick={(event) => setAnchor(event.currentTarget)}
                  disabled={rest.disabled}
                >
                  <CalendarMonthIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Popover
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { role: "dialog", "aria-label": "Kalendorius" } as object }}
      >
        <Calendar
          value={isDateString(value) ? value : ""}
          onPick={(date) => {
            onChange(date);
            setText(date);
            setAnchor(null);
            button.current?.focus();
          }}
        />
      </Popover>
    </>
  );
}

type CalendarDateInputProps = Omit<InputProps, "source"> & {
  source: string;
  helperText?: string | false;
  className?: string;
  sx?: TextFieldProps["sx"];
};

/** react-admin input for a calendar date ("2026-11-25" or null), with DateField. */
export function CalendarDateInput({ helperText, ...props }: CalendarDateInputProps) {
  const { field, fieldState, isRequired } = useInput({
    ...props,
    format: props.format ?? ((value: unknown) => (typeof value === "string" ? value.slice(0, 10) : "")),
    parse: props.parse ?? ((value: string) => (value === "" ? null : value)),
  });
  const resource = useResourceContext(props);
  const translate = useTranslate();
  const error = fieldState.error?.message;
  const label =
    props.label === false ? undefined : typeof props.label === "string" ? (
      translate(props.label, { _: props.label })
    ) : (
      // The field's own `required` adds the asterisk.
      <FieldTitle source={props.source} resource={resource} isRequired={false} />
    );
  return (
    <DateField
      value={typeof field.value === "string" ? field.value : ""}
      onChange={(date) => field.onChange(date)}
      onBlur={field.onBlur}
      name={field.name}
      label={label}
      required={isRequired}
      error={Boolean(error)}
      helperText={error ? translate(error, { _: error }) : helperText === false ? undefined : (helperText ?? " ")}
      disabled={props.disabled}
      className={props.className}
      sx={props.sx}
    />
  );
}
