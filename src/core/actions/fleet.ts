// Calendar feeds and maintenance blocks.
import { envelope, id, value, whole } from "./envelope";
import { ADMINS, STAFF, staffAction } from "./registry";

type MaintenanceInput = { carId: string; from: string; to: string; reason: string };

export const fleetActions = {
  /** a new secret iCal address for a car (or the whole fleet, carId null); the old one answers 404. Admins only. */
  regenerateCalendarFeed: staffAction({
    roles: ADMINS,
    // The use case says the same (src/core/calendarFeeds.ts FEED_ADMIN_ONLY_MESSAGE).
    refusal: "Kalendoriaus adresą pakeisti gali tik administratorius",
    args: (input: { carId: string | null }) => input,
    input: whole,
    http: { method: "POST", path: "/actions/calendar-feeds/regenerate", status: 201 },
    run: ({ calendarFeeds }, input, ctx) => calendarFeeds.regenerateCalendarFeed(ctx.core, input, ctx.actor),
  }),
  /** which calendar feeds have an address (never the tokens) */
  listCalendarFeeds: staffAction({
    roles: STAFF,
    args: () => ({}),
    input: whole,
    http: { method: "GET", path: "/actions/calendar-feeds" },
    run: ({ calendarFeeds }, _input, ctx) => calendarFeeds.listCalendarFeeds(ctx.core),
  }),
  /** a maintenance block { carId, from, to, reason }: the car is out of service then; 409 when it is taken */
  createMaintenance: staffAction({
    roles: STAFF,
    args: (input: MaintenanceInput) => input,
    input: whole,
    http: { method: "POST", path: "/maintenance", status: 201 },
    run: ({ maintenance }, input, ctx) => maintenance.createMaintenance(ctx.core, input, ctx.actor),
  }),
  /** moves or edits a block (the fields given; `version`: the one read); 409 when taken or stale */
  updateMaintenance: staffAction({
    roles: STAFF,
    args: (id: string, input: Partial<MaintenanceInput & { version: number }>) => ({ id, input }),
    input: envelope({ id, input: value }),
    http: { method: "PUT", path: "/maintenance/:id", body: "input" },
    run: ({ maintenance }, input, ctx) => maintenance.updateMaintenance(ctx.core, input.id, input.input, ctx.actor),
  }),
  deleteMaintenance: staffAction({
    roles: STAFF,
    args: (id: string) => ({ id }),
    input: envelope({ id }),
    http: { method: "DELETE", path: "/maintenance/:id" },
    run: ({ maintenance }, input, ctx) => maintenance.deleteMaintenance(ctx.core, input.id, ctx.actor),
  }),
  /** the blocks overlapping [from, to) (of one car when carId is given) */
  listMaintenance: staffAction({
    roles: STAFF,
    args: (input: { from: string; to: string; carId?: string }) => input,
    input: whole,
    http: { method: "GET", path: "/maintenance", query: ["from", "to", "carId"] },
    run: ({ maintenance }, input, ctx) => maintenance.listMaintenance(ctx.core, input),
  }),
};
