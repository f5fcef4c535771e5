// npm run create-admin -- --email vardas@imone.lt --name "Vardas Pavardė" [--password ...]
// (or ADMIN_EMAIL / ADMIN_NAME / ADMIN_PASSWORD). Creates the admin, or makes an existing account
// an active admin with the new password. Asks for the password, hidden, when none is given.
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { passwordProblem } from "../../src/domain/commonPasswords";
import { PASSWORD_MIN_LENGTH } from "../../src/domain/passwordRules";
import { email as emailSchema } from "../../src/domain/schemas";
import { ConfigError, loadConfig } from "../config";
import { openDb } from "../db/index";
import { migrate } from "../db/migrate";
import type { Db } from "../db/types";
import { log } from "../log";
import { hashPassword } from "../services/passwords";
import { deleteUserSessions } from "../services/sessions";

const USAGE =
  'Naudojimas: npm run create-admin -- --email vardas@imone.lt --name "Vardas Pavardė" [--password slaptažodis]\n' +
  "Arba aplinkos kintamieji ADMIN_EMAIL, ADMIN_NAME, ADMIN_PASSWORD. Be slaptažodžio jo bus paklausta.";

/** Reads one line; on a terminal the typed characters are not echoed. */
function ask(question: string, hidden: boolean): Promise<string> {
  const muted = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!hidden) process.stdout.write(chunk);
      callback();
    },
  });
  process.stdout.write(question);
  const rl = createInterface({ input: process.stdin, output: muted, terminal: process.stdin.isTTY === true });
  return new Promise((resolve, reject) => {
    rl.once("line", (line) => {
      // Resolve first: close() emits "close" at once, which would reject.
      resolve(line);
      if (hidden) process.stdout.write("\n");
      rl.close();
    });
    rl.once("close", () => reject(new Error("Slaptažodis neįvestas")));
  });
}

async function readPassword(): Promise<string> {
  const password = await ask(`Slaptažodis (bent ${PASSWORD_MIN_LENGTH} simbolių): `, true);
  if (process.stdin.isTTY) {
    const again = await ask("Pakartokite slaptažodį: ", true);
    if (again !== password) throw new Error("Slaptažodžiai nesutampa");
  }
  return password;
}

async function upsertAdmin(
  db: Db,
  email: string,
  name: string | null,
  passwordHash: string,
): Promise<"created" | "updated"> {
  return db.transaction(async (tx) => {
    const existing = await tx.query<{ id: string; doc: Record<string, unknown> }>(
      "SELECT id, doc FROM staff WHERE lower(doc->>'email') = $1 FOR UPDATE",
      [email],
    );
    const row = existing.rows[0];
    if (row) {
      const doc = { ...row.doc, email, role: "admin", active: true, ...(name ? { name } : {}) };
      await tx.query("UPDATE staff SET doc = $2::jsonb, password_hash = $3, updated_at = now() WHERE id = $1", [
        row.id,
        JSON.stringify(doc),
        passwordHash,
      ]);
      await deleteUserSessions(tx, row.id);
      await tx.query("INSERT INTO audit_log (doc) VALUES ($1::jsonb)", [
        JSON.stringify({
          action: "update",
          resource: "staff",
          recordId: row.id,
          actor: "create-admin",
          at: new Date().toISOString(),
        }),
      ]);
      return "updated";
    }
    const doc = { email, name: name ?? email, role: "admin", active: true };
    const inserted = await tx.query<{ id: string }>(
      "INSERT INTO staff (doc, password_hash) VALUES ($1::jsonb, $2) RETURNING id",
      [JSON.stringify(doc), passwordHash],
    );
    await tx.query("INSERT INTO audit_log (doc) VALUES ($1::jsonb)", [
      JSON.stringify({
        action: "create",
        resource: "staff",
        recordId: inserted.rows[0]?.id ?? "",
        actor: "create-admin",
        at: new Date().toISOString(),
      }),
    ]);
    return "created";
  });
}

async function main(): Promise<number> {
  let args: { email?: string; name?: string; password?: string; help?: boolean };
  try {
    args = parseArgs({
      options: {
        email: { type: "string" },
        name: { type: "string" },
        password: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      allowPositionals: false,
    }).values;
  } catch (error) {
    log.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.info(USAGE);
    return 0;
  }

  const rawEmail = args.email ?? process.env.ADMIN_EMAIL;
  if (!rawEmail) {
    log.error(`Nenurodytas el. paštas.\n${USAGE}`);
    return 2;
  }
  const parsedEmail = emailSchema.safeParse(rawEmail);
  if (!parsedEmail.success) {
    log.error(`Neteisingas el. pašto adresas: ${rawEmail}`);
    return 2;
  }
  const email = parsedEmail.data.toLowerCase();
  const name = (args.name ?? process.env.ADMIN_NAME ?? "").trim().slice(0, 120) || null;

  let password = args.password ?? process.env.ADMIN_PASSWORD;
  if (password === undefined) {
    try {
      password = await readPassword();
    } catch (error) {
      log.error((error as Error).message);
      return 2;
    }
  }
  const problem = passwordProblem(password, [email, name ?? ""]);
  if (problem) {
    log.error(problem);
    return 2;
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, []);
  } catch (error) {
    log.error(error instanceof ConfigError ? `Netinkami nustatymai: ${error.message}` : String(error));
    return 1;
  }

  let db: Db;
  try {
    db = await openDb(config);
  } catch (error) {
    log.error("Nepavyko atverti duomenų bazės", error instanceof Error ? error.message : error);
    return 1;
  }
  try {
    await migrate(db);
    const outcome = await upsertAdmin(db, email, name, await hashPassword(password));
    log.info(
      outcome === "created"
        ? `Administratorius sukurtas: ${email}`
        : `Paskyra ${email} atnaujinta: administratorius, aktyvi, slaptažodis pakeistas`,
    );
    return 0;
  } catch (error) {
    log.error("Nepavyko sukurti administratoriaus", error);
    return 1;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log.error("Netikėta klaida", error);
    process.exit(1);
  },
);
