// The transfer's label and defaults without zod: the public booking page shows the label and must
// not load the settings schema for it (its JavaScript budget, npm run bench).

/** The quote's line for the move, wherever a quote is shown (site, back-office, mails, invoices). */
export const TRANSFER_LABEL = "Automobilio pervežimas į paėmimo vietą";

export const TRANSFER_DEFAULTS = { fee: 35, leadHours: 6 } as const;
