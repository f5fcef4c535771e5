// The public catalogue's pure pieces now live in the domain (src/domain/publicCatalog.ts): the core
// computes them too, and the core imports no adapter. The adapters keep this path.
export {
  compareCars,
  publicBookingRules,
  sortByOrderThenName,
  toPublicCar,
} from "../../domain/publicCatalog";
