// Creates a folder and its missing parents one level at a time. Node's own
// `mkdir(…, { recursive: true })` never returns for some paths (under /proc it gets ENOENT for a
// parent that exists and tries again for ever, one thread-pool thread busy): a backup folder is
// an admin's setting, so a mistyped one must end in a Lithuanian refusal, not a hung request.
import { mkdir, stat } from "node:fs/promises";
import path from "node:path";

export class FolderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FolderError";
  }
}

const isFolder = async (folder: string): Promise<boolean | null> => {
  try {
    return (await stat(folder)).isDirectory();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
};

/** Makes `folder` (absolute or relative to the working folder) with its missing parents; refuses in Lithuanian. */
export async function makeFolder(folder: string, mode?: number): Promise<void> {
  const target = path.resolve(folder);
  const missing: string[] = [];
  let current = target;
  for (;;) {
    const found = await isFolder(current).catch((error: NodeJS.ErrnoException) => {
      throw new FolderError(`Nepavyko patikrinti aplanko ${current}: ${error.code ?? error.message}`);
    });
    if (found === true) break;
    if (found === false) throw new FolderError(`Nepavyko sukurti aplanko ${target}: ${current} yra ne aplankas`);
    const parent = path.dirname(current);
    if (parent === current) throw new FolderError(`Nepavyko sukurti aplanko ${target}: nėra šakninio aplanko`);
    missing.push(current);
    current = parent;
  }
  for (const level of missing.reverse()) {
    try {
      await mkdir(level, mode === undefined ? undefined : { mode });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      // Made meanwhile by another job or server: fine when it is a folder.
      if (code === "EEXIST" && (await isFolder(level).catch(() => false))) continue;
      throw new FolderError(`Nepavyko sukurti aplanko ${level}: ${code ?? (error as Error).message}`);
    }
  }
}
