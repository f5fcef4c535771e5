import { Box, type Theme, useMediaQuery } from "@mui/material";
import {
  BulkExportButton,
  CreateButton,
  DataTable,
  ExportButton,
  FilterButton,
  List,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
} from "react-admin";
import type { Customer } from "../../domain/schemas";
import { csvExporter, EXPORT_SELECTED_LABEL } from "../common/csv";
import { DateTimeValue } from "../common/fields";
import { CUSTOMER_TYPE_CHOICES, choiceName } from "../labels";

type CustomerRecord = Customer & { id: string };
const Column = DataTable.Col<CustomerRecord>;

const customerFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Vardas, el. paštas, telefonas…" />,
  <SelectInput key="type" source="type" choices={CUSTOMER_TYPE_CHOICES} translateChoice={false} />,
];

export const customerExporter = csvExporter<CustomerRecord>({
  fileName: "klientai",
  columns: [
    { header: "Vardas", value: (c) => c.firstName },
    { header: "Pavardė", value: (c) => c.lastName },
    { header: "Kliento tipas", value: (c) => choiceName(CUSTOMER_TYPE_CHOICES, c.type) },
    { header: "Įmonės pavadinimas", value: (c) => c.companyName },
    { header: "Įmonės kodas", value: (c) => c.companyCode },
    { header: "PVM mokėtojo kodas", value: (c) => c.vatCode },
    { header: "El. paštas", value: (c) => c.email },
    { header: "Telefono numeris", value: (c) => c.phone },
    { header: "Gimimo data", value: (c) => c.birthDate, kind: "date" },
    { header: "Vairuotojo pažymėjimo Nr.", value: (c) => c.licenceNumber },
    { header: "Pažymėjimo išdavimo data", value: (c) => c.licenceIssuedAt, kind: "date" },
    { header: "Adresas", value: (c) => c.address },
    { header: "Sukurta", value: (c) => c.createdAt, kind: "dateTime" },
  ],
});

/** One line cut with "…"; the whole text is in the tooltip. */
const ELLIPSIS = { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" } as const;

export function CustomerList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down("md"));
  return (
    <List
      filters={customerFilters}
      sort={{ field: "lastName", order: "ASC" }}
      perPage={25}
      exporter={customerExporter}
      actions={
        <TopToolbar>
          <FilterButton />
          <CreateButton label="Naujas klientas" />
          <ExportButton />
        </TopToolbar>
      }
    >
      {isSmall ? (
        <SimpleList<CustomerRecord>
          primaryText={(customer) => `${customer.firstName} ${customer.lastName}`}
          secondaryText={(customer) =>
            [customer.companyName, customer.email, customer.phone].filter(Boolean).join(" · ")
          }
          rowClick="edit"
        />
      ) : (
        <DataTable bulkActionButtons={<BulkExportButton label={EXPORT_SELECTED_LABEL} />} rowClick="edit">
          <Column
            source="lastName"
            label="Pavardė, vardas"
            render={(customer) => {
              const name = `${customer.lastName} ${customer.firstName}`;
              return (
                <Box
                  sx={{ maxWidth: { md: 200, lg: 260 } }}
                  title={customer.companyName ? `${name}, ${customer.companyName}` : name}
                >
                  <Box sx={ELLIPSIS}>{name}</Box>
                  {customer.companyName ? (
                    <Box sx={{ ...ELLIPSIS, fontSize: "0.8125rem", color: "text.secondary" }}>
                      {customer.companyName}
                    </Box>
                  ) : null}
                </Box>
              );
            }}
          />
          <Column
            source="email"
            render={(customer) => (
              <Box sx={{ ...ELLIPSIS, maxWidth: { md: 200, lg: 260 } }} title={customer.email}>
                {customer.email}
              </Box>
            )}
          />
          <Column
            source="phone"
            render={(customer) => <span style={{ whiteSpace: "nowrap" }}>{customer.phone}</span>}
          />
          <Column source="type" render={(customer) => choiceName(CUSTOMER_TYPE_CHOICES, customer.type)} />
          <Column source="createdAt" render={() => <DateTimeValue source="createdAt" dateOnly />} />
        </DataTable>
      )}
    </List>
  );
}
