import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { centres, options, users } from "../../src/db/schema/index.ts";
import { bearer, queryRows, solveCaptcha, type TestApp } from "../support/app.ts";
import {
  acceptCurrentPolicy,
  createAccessToken,
  createNotification,
  FACTORY_PASSWORD,
  passwordHashOf,
  uniqueEmail,
} from "../support/factories.ts";
import { multipartBody } from "../support/forms.ts";
import type { StaffBrowser } from "../support/staff-browser.ts";
import { createContactMessage } from "../support/staff-factories.ts";

let sequence = 0;
/** Eight digits no other student of the run has: a phone number and a CIN of one's own. */
const digits = () => String((Date.now() % 1e7) * 10 + (++sequence % 10)).padStart(8, "0");

export type EverythingStudent = {
  etudiantId: number;
  userId: number;
  email: string;
  nom: string;
  prenom: string;
  cin: string;
  /** As stored (+212…). */
  telephone: string;
  studentNumber: string;
  token: string;
  photo: Buffer;
  /** The issued attestation's number, and the request still in progress. */
  numero: string;
  pendingRequestId: number;
  contactMessageId: number;
  notificationId: number;
};

/**
 * A student with every kind of personal data the register knows, made through the routes a person
 * would use where there is one: created by the direction (an invitation e-mail, a journal entry),
 * an attestation asked for (with an Idempotency-Key) and issued (its PDF, its e-mail), another one
 * in progress, a notification addressed to them and read, the policy accepted, a contact message
 * sent from their address and answered, a photo, a password reset asked for, a calendar
 * subscription, a failed sign-in. `centre`: the demo academy's.
 */
export async function studentWithEverything(
  t: TestApp,
  direction: StaffBrowser,
  options_: { centre: string; option: string; nom: string; prenom: string },
): Promise<EverythingStudent> {
  const db = t.database.db;
  const [centre] = await db.select().from(centres).where(eq(centres.nom, options_.centre));
  const [option] = await db.select().from(options).where(eq(options.nom, options_.option));
  if (!centre || !option) throw new Error("demo centre or option missing");
  const email = uniqueEmail("donnees");
  const cin = `ZX${digits()}`;
  const created = await direction.post("/api/gestion/etudiants", {
    nom: options_.nom,
    prenom: options_.prenom,
    email,
    telephone: `06${digits()}`,
    cin,
    centre_id: centre.id,
    option_id: option.id,
  });
  if (created.statusCode !== 201) throw new Error(`student not created: ${created.body}`);
  const student = created.json();
  const [user] = await db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error("no user");
  // As if the invitation had been accepted from another device: the invitation row stays.
  await db
    .update(users)
    .set({ passwordHash: await passwordHashOf(FACTORY_PASSWORD) })
    .where(eq(users.id, user.id));
  const token = await createAccessToken(db, user.id);
  const auth = bearer(token);
  await acceptCurrentPolicy(db, user.id);
  const inject = (method: "GET" | "POST", url: string, payload?: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method, url, headers: { ...auth, ...headers }, ...(payload ? { payload } : {}) });

  // An attestation asked for, then issued; another one still in progress.
  const asked = await inject(
    "POST",
    "/api/demandes",
    { type: "scolaire", langues: ["Español"] },
    {
      "idempotency-key": `donnees-${digits()}`,
    },
  );
  if (asked.statusCode !== 201) throw new Error(`request refused: ${asked.body}`);
  const requestId = asked.json().data.id as number;
  const issued = await direction.patch(`/api/gestion/demandes/${requestId}`, { status: "Disponible" });
  if (issued.statusCode !== 200) throw new Error(`not issued: ${issued.body}`);
  const pending = await inject("POST", "/api/demandes", { type: "langue", niveau: "B1" });
  if (pending.statusCode !== 201) throw new Error(`request refused: ${pending.body}`);
  const [document] = await queryRows<{ numero: string }>(
    t,
    sql`select numero from certificate_documents where request_id = ${requestId}`,
  );
  if (!document) throw new Error("no attestation");

  const notificationId = await createNotification(db, {
    titre: `Convocation de ${options_.prenom} ${options_.nom}`,
    typeDestinataire: "etudiant_specifique",
    etudiantIds: [student.id],
  });
  await inject("POST", `/api/notifications/${notificationId}/mark-viewed`, {});

  const contactMessageId = await createContactMessage(db, {
    nom: `${options_.prenom} ${options_.nom}`,
    email,
    sujet: "Question sur mon dossier",
    message: "Bonjour, pouvez-vous confirmer mon inscription ?",
  });
  const replied = await direction.post(`/api/gestion/messages/${contactMessageId}/reponse`, {
    message: "Bonjour, votre inscription est confirmée.",
  });
  if (replied.statusCode !== 201) throw new Error(`no reply: ${replied.body}`);

  const photoSource = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c8102e" } })
    .png()
    .toBuffer();
  const form = await multipartBody({}, { name: "moi.png", type: "image/png", bytes: photoSource, field: "photo" });
  const uploaded = await t.app.inject({
    method: "POST",
    url: "/api/profile/photo",
    headers: { ...auth, "content-type": form.contentType },
    payload: form.payload,
  });
  if (uploaded.statusCode !== 200) throw new Error(`no photo: ${uploaded.body}`);
  const photo = (await inject("GET", "/api/profile/photo")).rawPayload;

  await t.app.inject({ method: "POST", url: "/api/student/forgot-password", payload: { email } });
  await inject("POST", "/api/calendar/subscription");
  await t.app.inject({
    method: "POST",
    url: "/api/login",
    payload: { email, password: "pas-le-bon-mot-de-passe", recaptcha_token: await solveCaptcha(t.app) },
  });

  const [stored] = await queryRows<{ telephone: string; student_id: string; pending: number }>(
    t,
    sql`select e.telephone_etudiant as telephone, e.student_id,
          (select r.id from certificate_requests r where r.etudiant_id = e.id and r.status = 'En Cours') as pending
        from etudiants e where e.id = ${student.id}`,
  );
  if (!stored) throw new Error("no student");
  return {
    etudiantId: student.id,
    userId: user.id,
    email,
    nom: options_.nom,
    prenom: options_.prenom,
    cin,
    telephone: stored.telephone,
    studentNumber: stored.student_id,
    token,
    photo,
    numero: document.numero,
    pendingRequestId: stored.pending,
    contactMessageId,
    notificationId,
  };
}
