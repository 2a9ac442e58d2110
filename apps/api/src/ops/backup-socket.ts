import { chmod, mkdir, rm } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import type { BackupManifest } from "./manifest.ts";

/**
 * The embedded database can be opened by one process only, so while the server runs, the
 * backup command asks the server to write the archive. The request goes through a Unix
 * socket inside DATA_DIR, in a folder only the server's user can enter: whoever can connect
 * could read the database files anyway. Nothing new listens on the network.
 */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, "run", "sauvegarde.sock");

/** Unix socket paths are limited to about 107 bytes by the kernel. */
const MAX_SOCKET_PATH = 100;

/** A backup to write at `output`, or (decision 084) the held e-mails to release or abandon. */
type Request = { output: string } | { releaseMail: { abandon: boolean } };
type Answer = { ok: true; manifest: BackupManifest } | { ok: true; released: number } | { ok: false; message: string };

export async function listenForBackupRequests(options: {
  dataDir: string;
  backup: (output: string) => Promise<BackupManifest>;
  releaseMail: (abandon: boolean) => Promise<number>;
  log: FastifyBaseLogger;
}): Promise<{ close(): Promise<void> } | undefined> {
  const socketPath = backupSocketPath(options.dataDir);
  if (socketPath.length > MAX_SOCKET_PATH) {
    options.log.warn(
      `Chemin trop long pour le socket de sauvegarde (${socketPath}) : « npm run backup » ne pourra pas joindre ce serveur.`,
    );
    return undefined;
  }
  const folder = path.dirname(socketPath);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await chmod(folder, 0o700);
  // We hold the data directory's lock: a socket file left here is a dead server's.
  await rm(socketPath, { force: true });

  let running = false;
  const server = net.createServer((connection) => {
    let received = "";
    connection.setEncoding("utf8");
    connection.on("error", () => {});
    connection.on("data", async (chunk: string) => {
      received += chunk;
      const end = received.indexOf("\n");
      if (end === -1) {
        if (received.length > 8192) connection.destroy();
        return;
      }
      connection.pause();
      const answer = await handle(received.slice(0, end));
      connection.end(`${JSON.stringify(answer)}\n`);
    });
  });

  async function handle(line: string): Promise<Answer> {
    let request: Request;
    try {
      request = JSON.parse(line) as Request;
    } catch {
      return { ok: false, message: "Requête illisible." };
    }
    if (typeof request !== "object" || request === null) return { ok: false, message: "Requête illisible." };
    if ("releaseMail" in request) {
      try {
        const released = await options.releaseMail(request.releaseMail?.abandon === true);
        options.log.info({ released }, "e-mails retenus libérés par l'exploitant");
        return { ok: true, released };
      } catch (error) {
        options.log.error({ err: error }, "échec de la libération des e-mails retenus");
        return { ok: false, message: "La libération des e-mails a échoué : voir le journal du serveur." };
      }
    }
    if (typeof request.output !== "string" || !path.isAbsolute(request.output)) {
      return { ok: false, message: "Le chemin de l'archive doit être absolu." };
    }
    if (running) return { ok: false, message: "Une sauvegarde est déjà en cours." };
    running = true;
    try {
      options.log.info({ output: request.output }, "sauvegarde demandée");
      const manifest = await options.backup(request.output);
      options.log.info({ output: request.output }, "sauvegarde écrite");
      return { ok: true, manifest };
    } catch (error) {
      options.log.error({ err: error }, "échec de la sauvegarde");
      return { ok: false, message: "La sauvegarde a échoué : voir le journal du serveur." };
    } finally {
      running = false;
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  await chmod(socketPath, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        // Waits for a backup in progress: its connection ends when the archive is written.
        server.close(() => resolve());
        void rm(socketPath, { force: true });
      }),
  };
}

/** The CLI's side: asks the running server for an archive at `output` (absolute). */
export async function requestBackupFromServer(dataDir: string, output: string): Promise<BackupManifest> {
  const answer = await askServer(
    dataDir,
    { output },
    "Le serveur s'est arrêté pendant la sauvegarde, sans répondre : aucune archive n'a été écrite. " +
      "Voir son journal (journalctl -u puerta), puis relancer « npm run backup » une fois le serveur " +
      "revenu ; elle supprimera le dossier temporaire .puerta-sauvegarde-… laissé près de l'archive.",
  );
  if (!("manifest" in answer)) throw new Error("Réponse illisible du serveur.");
  return answer.manifest;
}

/** `npm run mail:release` while the server runs on the embedded database: the server does it. */
export async function requestMailReleaseFromServer(dataDir: string, abandon: boolean): Promise<number> {
  const answer = await askServer(
    dataDir,
    { releaseMail: { abandon } },
    "Le serveur s'est arrêté avant de répondre : rien ne dit que les e-mails retenus ont été libérés. " +
      "Voir son journal (journalctl -u puerta), puis relancer la commande une fois le serveur revenu.",
  );
  if (!("released" in answer)) throw new Error("Réponse illisible du serveur.");
  return answer.released;
}

/**
 * One request to the server, one answer. `interrupted` is what to say when the server took the
 * request and its connection closed with no answer: it died meanwhile (kill -9, out of memory,
 * a crash), not a garbled reply.
 */
function askServer(dataDir: string, request: Request, interrupted: string): Promise<Exclude<Answer, { ok: false }>> {
  return new Promise((resolve, reject) => {
    const connection = net.connect(backupSocketPath(dataDir));
    let received = "";
    let connected = false;
    connection.setEncoding("utf8");
    connection.on("connect", () => {
      connected = true;
      connection.write(`${JSON.stringify(request)}\n`);
    });
    connection.on("data", (chunk: string) => {
      received += chunk;
    });
    connection.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === "EACCES"
            ? "Le serveur en marche appartient à un autre utilisateur : lancez la sauvegarde sous le même compte que lui."
            : connected && received === ""
              ? interrupted
              : `Le serveur en marche ne répond pas sur ${backupSocketPath(dataDir)} (${error.code ?? error.message}).`,
        ),
      ),
    );
    connection.on("end", () => {
      if (received === "") return reject(new Error(interrupted));
      try {
        const answer = JSON.parse(received) as Answer;
        if (answer.ok) resolve(answer);
        else reject(new Error(answer.message));
      } catch {
        reject(new Error("Réponse illisible du serveur."));
      }
    });
  });
}
