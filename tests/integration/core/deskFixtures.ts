// The renter the desk's contracts hand cars to: everything the hand-over checks need (age,
// licence years, licence number), one builder instead of the same document in every contract.

/** A private customer's stored document, as the contracts write it with `tx.set`. */
export function renterDoc(email: string, stamp: string): Record<string, unknown> {
  return {
    type: "private",
    firstName: "Rūta",
    lastName: "Žemaitienė",
    email,
    phone: "+37061234567",
    birthDate: "1988-04-12",
    licenceIssuedAt: "2008-05-01",
    licenceNumber: "LT7654321",
    notes: "",
    consentAt: null,
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
  };
}
