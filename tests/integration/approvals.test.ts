// Issue 26 over HTTP, in process through the Hono app: a reservation with a payment is never
// deleted (409 in Lithuanian); a staff member cannot issue a credit note (403 in Lithuanian) and
// files a request instead, an administrator approves it and the invoice's balance follows
// (337 € → 295 € for a 42 € line); the requester never approves their own request; an invoiced
// reservation is cancelled only after its credit note; a staff refund is refused, a refund request
// waits on the dashboard's list.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDaysToDateString, vilniusDateString, vilniusLocalToInstant } from "../../src/domain/time";
import { DEMO_STAFF } from "../helpers/accounts";
import { adminListAll, type Doc, signInAdmin, signInStaff } from "../helpers/api";
import type { ApiClient } from "../helpers/http";
import { nonLithuanianMessages } from "../helpers/lithuanian";
import { type RunningServer, startServer } from "../helpers/server";

let server: RunningServer;
let admin: ApiClient;
let staff: ApiClient;
let carId: string;
let locationId: string;
let customerId: string;
let offset = 300;

async function reservation(status: "new" | "confirmed", days = 7): Promise<Doc> {
  const pickupDay = addDaysToDateString(vilniusDateString(new Date()), offset);
  offset += days + 2;
  const created = await admin.post<Doc>("/api/admin/reservations", {
    carId,
    customerId,
    pickupAt: vilniusLocalToInstant(pickupDay, "10:00").toISOString(),
    returnAt: vilniusLocalToInstant(addDaysToDateString(pickupDay, days), "10:00").toISOString(),
    pickupLocationId: locationId,
    returnLocationId: locationId,
    status,
  });
  expect(created.status, created.text.slice(0, 400)).toBe(201);
  return created.body;
}

beforeAll(async () => {
  server = await startServer({ demo: true });
  admin = await signInAdmin(server.url);
  staff = await signInStaff(server.url);
  const cars = await adminListAll<{ id: string; status: string }>(admin, "cars");
  carId = cars.filter((c) => c.status === "active").at(-1)!.id;
  const locations = await adminListAll<{ id: string; active?: boolean }>(admin, "locations");
  locationId = locations.find((l) => l.active !== false)!.id;
  const customers = await adminListAll<{ id: string }>(admin, "customers");
  customerId = customers[0]!.id;
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

describe("rezervacija su pinigais", () => {
  it("su mokėjimu neištrinama (409 lietuviškai), be jo – ištrinama", async () => {
    const paid = await reservation("new");
    const payment = await staff.post(`/api/admin/reservations/${paid.id}/payments`, {
      amount: 50,
      method: "cash",
      kind: "advance",
    });
    expect(payment.status, payment.text.slice(0, 300)).toBe(201);
    const refused = await staff.delete<{ message: string }>(`/api/admin/reservations/${paid.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("ištrinti negalima");
    expect(nonLithuanianMessages(refused.body)).toEqual([]);
    expect((await admin.get(`/api/admin/reservations/${paid.id}`)).status).toBe(200);

    const empty = await reservation("new");
    expect((await staff.delete(`/api/admin/reservations/${empty.id}`)).status).toBe(200);
  });
});

describe("kreditinės sąskaitos ir grąžinimai su keturiomis akimis", () => {
  it("darbuotojas kreditinės neišrašo – pateikia prašymą; administratorius patvirtina, likutis mažėja", async () => {
    const booked = await reservation("confirmed");
    const issued = await admin.post<{ id: string; number: string; total: number }>(
      `/api/admin/reservations/${booked.id}/invoices`,
      {},
    );
    expect(issued.status, issued.text.slice(0, 300)).toBe(201);
    const total = issued.body.total;
    const body = { reason: "Grąžinamas vėlavimo mokestis", lines: [{ line: 0, amount: 42 }] };

    const direct = await staff.post<{ message: string }>(`/api/admin/invoices/${issued.body.id}/credit`, body);
    expect(direct.status).toBe(403);
    expect(direct.body.message).toContain("Pateikite prašymą");
    expect(nonLithuanianMessages(direct.body)).toEqual([]);

    const request = await staff.post<{ id: string; status: string; amount: number }>(
      `/api/admin/invoices/${issued.body.id}/credit-requests`,
      body,
    );
    expect(request.status, request.text.slice(0, 300)).toBe(201);
    expect(request.body).toMatchObject({ status: "pending", amount: 42 });

    const pending = await staff.get<{ id: string; requestedBy: string }[]>("/api/admin/approvals?status=pending");
    expect(pending.status).toBe(200);
    expect(pending.body.find((a) => a.id === request.body.id)?.requestedBy).toBe(DEMO_STAFF.email);

    const byStaff = await staff.post<{ message: string }>(`/api/admin/approvals/${request.body.id}/approve`, {});
    expect(byStaff.status).toBe(403);
    expect(nonLithuanianMessages(byStaff.body)).toEqual([]);

    const approved = await admin.post<{ status: string; result: { id: string; number: string } }>(
      `/api/admin/approvals/${request.body.id}/approve`,
      {},
    );
    expect(approved.status, approved.text.slice(0, 300)).toBe(200);
    expect(approved.body.result.number).toMatch(/^KS-\d{6}$/);
    const invoice = await admin.get<{ balance: number; credits: { total: number }[] }>(
      `/api/admin/invoices/${issued.body.id}`,
    );
    expect(invoice.body.balance).toBe(Math.round((total - 42) * 100) / 100);
    expect(invoice.body.credits.map((c) => c.total)).toEqual([-42]);

    // The administrator's own request waits for another administrator.
    const own = await admin.post<{ id: string }>(`/api/admin/invoices/${issued.body.id}/credit-requests`, {
      reason: "Likusi suma",
    });
    expect(own.status).toBe(201);
    const refusedOwn = await admin.post<{ message: string }>(`/api/admin/approvals/${own.body.id}/approve`, {});
    expect(refusedOwn.status).toBe(403);
    expect(refusedOwn.body.message).toContain("Savo prašymo patvirtinti negalima");
    const rejected = await admin.post<{ status: string }>(`/api/admin/approvals/${own.body.id}/reject`, {
      reason: "Pateikta per klaidą",
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.status).toBe("rejected");

    // Cancelling while the invoice is still in force asks for the credit note first.
    const cancel = () =>
      staff.put<{ message: string; status: string }>(`/api/admin/reservations/${booked.id}`, {
        status: "cancelled",
        statusReason: "Klientas atsisakė",
      });
    const refusedCancel = await cancel();
    expect(refusedCancel.status).toBe(409);
    expect(refusedCancel.body.message).toContain("išrašykite kreditinę sąskaitą");
    expect(nonLithuanianMessages(refusedCancel.body)).toEqual([]);
    const rest = await admin.post(`/api/admin/invoices/${issued.body.id}/credit`, { reason: "Nuoma atšaukta" });
    expect(rest.status, rest.text.slice(0, 300)).toBe(201);
    const cancelled = await cancel();
    expect(cancelled.status, cancelled.text.slice(0, 300)).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
  });

  it("darbuotojo grąžinimas atmetamas (403), prašymas be nuorodos – 422, su nuoroda laukia patvirtinimo", async () => {
    const booked = await reservation("confirmed");
    expect(
      (
        await staff.post(`/api/admin/reservations/${booked.id}/payments`, {
          amount: 200,
          method: "card",
          kind: "rental",
        })
      ).status,
    ).toBe(201);
    const refund = await staff.post<{ message: string }>(`/api/admin/reservations/${booked.id}/payments`, {
      amount: 105,
      method: "cash",
      kind: "refund",
      reference: "Skundas",
    });
    expect(refund.status).toBe(403);
    expect(nonLithuanianMessages(refund.body)).toEqual([]);
    const noReference = await staff.post<{ errors: Record<string, string> }>(
      `/api/admin/reservations/${booked.id}/refund-requests`,
      { amount: 105, method: "cash" },
    );
    expect(noReference.status).toBe(422);
    expect(noReference.body.errors.reference).toBeTruthy();
    const filed = await staff.post<{ id: string }>(`/api/admin/reservations/${booked.id}/refund-requests`, {
      amount: 105,
      method: "cash",
      reference: "Skundas Nr. 7",
    });
    expect(filed.status, filed.text.slice(0, 300)).toBe(201);
    const approved = await admin.post(`/api/admin/approvals/${filed.body.id}/approve`, {});
    expect(approved.status, approved.text.slice(0, 300)).toBe(200);
    const ledger = await staff.get<{ summary: { paid: number } }>(`/api/admin/reservations/${booked.id}/payments`);
    expect(ledger.body.summary.paid).toBe(95);
  });
});
