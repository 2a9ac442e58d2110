import { and, asc, eq, isNull, lte, sql } from "drizzle-orm";
import type { Config } from "../../config.ts";
import type { Database } from "../../db/client.ts";
import { etudiants, mailOutbox, notifications } from "../../db/schema/index.ts";
import { escapeHtml, type Mailer, mailLayout, mailLink } from "../../lib/mailer/index.ts";
import { recipientsOf } from "./queries.ts";

const n = notifications;
type Executor = Pick<Database, "execute">;

/** The copy's text and HTML: the same for every recipient, so written once and bound to the INSERT. */
export function notificationMail(
  config: Config,
  row: { id: number; titre: string; message: string; link: string | null },
) {
  // The student's page of one notification is /notification/{id} (docs/spec/student-portal.md).
  const url = `${config.publicUrl}/notification/${row.id}`;
  const profile = `${config.publicUrl}/profile`;
  const subject = `Nouvelle notification : ${row.titre}`;
  const text = [
    row.message,
    ...(row.link ? [`Lien : ${row.link}`] : []),
    `Voir la notification dans votre espace : ${url}`,
    "L'équipe Puerta",
    `Pour ne plus recevoir ces copies par e-mail : ${profile}`,
  ].join("\n\n");
  const p = (content: string) => `<p style="margin:0 0 16px;line-height:1.5">${content}</p>`;
  const html = mailLayout(
    row.titre,
    [
      p(escapeHtml(row.message).replace(/\n/g, "<br>")),
      ...(row.link ? [p(mailLink(escapeHtml(row.link)))] : []),
      p(mailLink(escapeHtml(url), "Voir la notification dans votre espace")),
      `<p style="margin:0;font-size:13px;color:#4b5563">Pour ne plus recevoir ces copies par e-mail : ${mailLink(escapeHtml(profile), "votre profil")}.</p>`,
    ].join("\n"),
  );
  return { subject, text, html };
}

/**
 * One outbox message per recipient who has not stopped the copies (/profile or the one-click
 * link), in ONE statement (INSERT … SELECT over the student side's
 * audience rule): 2,000 recipients are queued in one round trip (`npm run bench:notify`).
 */
export async function enqueueCopies(
  tx: Executor,
  mail: { subject: string; text: string; html: string },
  notificationId: number,
  messageIdDomain: string,
): Promise<number> {
  const result = (await tx.execute(sql`insert into ${mailOutbox}
      (to_address, subject, text_body, html_body, message_id, unsubscribe_etudiant_id)
    select ${etudiants.email}, ${mail.subject}, ${mail.text}, ${mail.html},
      '<' || gen_random_uuid() || '@' || ${messageIdDomain} || '>', ${etudiants.id}
    from ${recipientsOf(notificationId)} where ${etudiants.emailCopies}`)) as unknown as {
    affectedRows?: number;
    rowCount?: number;
  };
  return result.affectedRows ?? result.rowCount ?? 0;
}

/**
 * The e-mail copies that are due: notifications published (their time has come), not withdrawn,
 * with "Envoyer aussi par e-mail" and not yet sent. Each is claimed with FOR UPDATE SKIP LOCKED
 * and marked `emailed_at` in the transaction that queues its copies, so two processes never queue
 * them twice and a restart loses none (the mail-outbox pattern, lib/mailer/outbox.ts).
 */
export async function dispatchDueCopies({ db, config, mail }: { db: Database; config: Config; mail: Mailer }) {
  let queued = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: n.id, titre: n.titre, message: n.message, link: n.link })
        .from(n)
        .where(and(eq(n.emailCopy, true), isNull(n.emailedAt), isNull(n.withdrawnAt), lte(n.publishedAt, sql`now()`)))
        .orderBy(asc(n.publishedAt), asc(n.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return false;
      queued += await enqueueCopies(tx, notificationMail(config, row), row.id, mail.messageIdDomain);
      await tx.update(n).set({ emailedAt: sql`now()` }).where(eq(n.id, row.id));
      return true;
    });
    if (!done) break;
  }
  if (queued > 0) void mail.flush();
  return queued;
}
