// globalSetup of the e2e project (vitest.config.ts): seeds the demo data once per run
// (tests/helpers/demoTemplate.ts); each test file's demo server then starts on a copy of it
// (tests/helpers/server.ts), so a file gets the same fresh demo data without paying for PGlite's
// initdb, the migrations, the argon2 hashes and the seed again (~60 s per file on a busy 2-core
// machine). The servers stay real processes: inside the test worker they answered the browser
// later (one event loop with the test), and a search form typed into during that wait lost its
// dates (tests/e2e/site/online-payment.test.ts, twice on a loaded machine).
import { provideDemoTemplate } from "../helpers/demoTemplate";

export default provideDemoTemplate;
