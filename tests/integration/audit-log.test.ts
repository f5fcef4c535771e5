// The audit log over HTTP (server in process): an edit's entry carries its changed fields before
// and after, the list filters by record and by person and comes newest first; staff may not read it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN, DEMO_STAFF } from "../helpers/accounts";
import { adminListAll, type Doc, signInAdmin, signInStaff } from "../helpers/api";
import { type ApiClient, listItems, listQuery } from "../helpers/http";
import { type RunningServer, startServer } from "../helpers/server";

type Entry = Doc & {
  action: string;
  resource: string;
  recordId: string;
  actor: string;
  createdAt: string;
  changes?: Record<string, { before: unknown; after: unknown }>;
};

let server: RunningServer;
let admin: ApiClient;
let staff: ApiClient;

beforeAll(async () => {
  server = await startServer({ demo: true });
  admin = await signInAdmin(server.url);
  staff = await signInStaff(server.url);
});
afterAll(async () => {
  await server?.stop();
});

const entries = async (filter: object) => {
  const response = await admin.get(
    `/api/admin/audit-log${listQuery({ sort: ["createdAt", "DESC"], range: [0, 49], filter })}`,
  );
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  return listItems<Entry>(response.body);
};

describe("Veiksmų žurnalas per HTTP", () => {
  it("redagavimo įraše – pakeisti laukai prieš ir po; filtrai pagal įrašą ir asmenį; naujausi pirmi", async () => {
    const [customer] = await adminListAll<Doc & { phone: string; notes: string; version: number }>(admin, "customers");
    expect(customer).toBeDefined();
    const first = await staff.put(`/api/admin/customers/${customer!.id}`, {
      ...customer,
      notes: "Skambinti po 17 val.",
    });
    expect(first.status, first.text.slice(0, 300)).toBe(200);
    const second = await admin.put(`/api/admin/customers/${customer!.id}`, {
      ...(first.body as object),
      phone: "+37060000001",
    });
    expect(second.status, second.text.slice(0, 300)).toBe(200);

    const ofRecord = await entries({ resource: "customers", recordId: customer!.id });
    expect(ofRecord.map((e) => e.actor)).toEqual([DEMO_ADMIN.email, DEMO_STAFF.email]);
    expect(ofRecord[0]).toMatchObject({
      action: "update",
      changes: { phone: { before: customer!.phone, after: "+37060000001" } },
    });
    expect(Object.keys(ofRecord[0]!.changes ?? {})).toEqual(["phone"]);
    expect(ofRecord[1]?.changes).toEqual({ notes: { before: customer!.notes, after: "Skambinti po 17 val." } });
    expect(ofRecord[0]!.createdAt >= ofRecord[1]!.createdAt).toBe(true);

    const byStaff = await entries({ actor: DEMO_STAFF.email, recordId: customer!.id });
    expect(byStaff).toHaveLength(1);
    expect(byStaff[0]?.changes?.notes?.after).toBe("Skambinti po 17 val.");
  });

  it("darbuotojui žurnalas neprieinamas: 403", async () => {
    const list = await staff.get(`/api/admin/audit-log${listQuery({ range: [0, 9] })}`);
    expect(list.status).toBe(403);
    const [entry] = await entries({});
    const one = await staff.get(`/api/admin/audit-log/${entry!.id}`);
    expect(one.status).toBe(403);
  });
});
