// The server actions the desk screens call (src/admin/adminApi.ts, both backends), and what the
// screens read from their answers.

import { useMemo } from "react";
import type {
  Car,
  Charge,
  Customer,
  Damage,
  DamageMark,
  Fleet,
  HandoverAct,
  HandoverDepositMethod,
  Reservation,
} from "../../domain/schemas";
import type { Tariff } from "../../domain/tariff";
import { useAdminActions } from "../adminApi";

type WithId<T> = T & { id: string };

/** deskInfo(id): everything a desk screen needs, in one call. */
export interface DeskInfoView {
  reservation: WithId<Reservation> & { version?: number };
  customer: WithId<Customer> | null;
  car: WithId<Car> | null;
  fleet: WithId<Fleet> | null;
  /** the car's open damages from earlier rentals */
  damages: WithId<Damage>[];
  /** the tariff (settings.tariff) the return charges use */
  rates: Tariff;
  handover: HandoverAct | null;
  /** the hand-over readings of the car the customer has now (after a car swap, the swap's) */
  current: { mileage: number; fuel: string; at: string | null } | null;
  /** the kilometres and missing fuel of the cars swapped away (counted at the return) */
  earlier: { km: number; missingQuarters: number; cars: number };
  /** the deposit the ledger holds (an online hold before the hand-over) */
  depositHeld?: { amount: number; method: string | null };
}

export interface ReturnPreviewView {
  charges: Charge[];
  total: number;
  deposit: { held: number; retained: number; refunded: number };
  /** the charges the deposit does not cover */
  due?: number;
  /** what stays owed once the charges and the deposit's entries are in the ledger */
  balanceDue?: number;
}

export interface HandoverRequest {
  mileage: number | null;
  fuel: string | null;
  licence: { number: string; expiresAt: string };
  damages: DamageMark[];
  photos: string[];
  confirmedDamageIds: string[];
  signature: { image: string; signerName: string };
  version?: number;
  statusReason?: string;
  /** what the customer card lacked, typed at the desk */
  customer?: { birthDate?: string; licenceIssuedAt?: string };
  deposit?: { method: HandoverDepositMethod; amount: number; reference?: string };
}

export interface ReturnRequest {
  mileage: number | null;
  fuel: string | null;
  returnedAt: string;
  damages: DamageMark[];
  photos: string[];
  cleaning: boolean;
  smoking: boolean;
  damageAmount: number;
  overrides: { kind: string; amount: number; reason: string }[];
  signature?: { image: string; signerName: string };
  version?: number;
}

export interface DeskActions {
  deskInfo(id: string): Promise<DeskInfoView>;
  handOverReservation(id: string, body: HandoverRequest): Promise<unknown>;
  previewReturn(id: string, body: ReturnRequest): Promise<ReturnPreviewView>;
  returnReservation(id: string, body: ReturnRequest): Promise<ReturnPreviewView>;
  downloadDeskDocument(id: string, kind: "agreement" | "handover" | "return"): Promise<Blob>;
}

/** The admin actions with the desk's own view of their answers. */
export function useDeskActions(): DeskActions {
  const actions = useAdminActions();
  return useMemo<DeskActions>(
    () => ({
      // adminApi keeps the records loose; they are the core's DeskInfo (src/core/rentalDesk.ts), typed here
      deskInfo: async (id) => (await actions.deskInfo(id)) as unknown as DeskInfoView,
      handOverReservation: (id, body) => actions.handOverReservation(id, { ...body }),
      previewReturn: (id, body) => actions.previewReturn(id, { ...body }),
      returnReservation: (id, body) => actions.returnReservation(id, { ...body }),
      downloadDeskDocument: (id, kind) => actions.downloadDeskDocument(id, kind),
    }),
    [actions],
  );
}
