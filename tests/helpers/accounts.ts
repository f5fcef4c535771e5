// The demo accounts the seed creates (README states them too).
import { DEMO_CREDENTIALS } from "../../server/seed/demoData";
export const DEMO_ADMIN = { email: DEMO_CREDENTIALS.admin.email, password: DEMO_CREDENTIALS.admin.password };
export const DEMO_STAFF = { email: DEMO_CREDENTIALS.staff.email, password: DEMO_CREDENTIALS.staff.password };
