// A URL slug input: on a new record it follows the title (or make and model) until staff edit
// it; the button regenerates it at any time.
import AutorenewIcon from "@mui/icons-material/Autorenew";
import { IconButton, InputAdornment, Tooltip } from "@mui/material";
import { useEffect } from "react";
import { required, TextInput } from "react-admin";
import { useFormContext, useFormState, useWatch } from "react-hook-form";
import { emptyToString } from "./form";
import { slugify } from "./slug";

export function SlugInput({ from, follow, example }: { from: string[]; follow: boolean; example: string }) {
  const { setValue } = useFormContext();
  const { dirtyFields } = useFormState({ name: "slug" });
  const parts = useWatch({ name: from }) as unknown[];
  const slugEdited = Boolean((dirtyFields as Record<string, unknown>).slug);
  const generated = slugify(parts.filter((part) => part !== null && part !== undefined && part !== "").join(" "));

  useEffect(() => {
    if (!follow || slugEdited || !generated) return;
    setValue("slug", generated, { shouldDirty: false, shouldValidate: false });
  }, [follow, slugEdited, generated, setValue]);

  return (
    <TextInput
      source="slug"
      validate={required()}
      parse={emptyToString}
      helperText={`Mažosios raidės be diakritikų, skaičiai ir brūkšneliai, pvz. ${example}`}
      InputProps={{
        endAdornment: (
          <InputAdornment position="end">
            <Tooltip title="Sugeneruoti iš kitų laukų">
              <IconButton
                aria-label="Sugeneruoti nuorodos adresą automatiškai"
                onClick={() => setValue("slug", generated, { shouldDirty: true, shouldValidate: true })}
                edge="end"
              >
                <AutorenewIcon />
              </IconButton>
            </Tooltip>
          </InputAdornment>
        ),
      }}
    />
  );
}
