import { brand } from "@puerta/contract/brand";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to place in HTML, so nothing a visitor typed becomes markup in a mail client. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** The brand colour of every e-mail (packages/contract/src/brand/brand.json), the app's red: titles, buttons, links. */
export const mailBrandColor = () => brand.color;

/** A link in an e-mail, in the brand colour; `href` and `labelHtml` must already be escaped. */
export const mailLink = (href: string, labelHtml: string = href) =>
  `<a href="${href}" style="color:${mailBrandColor()};word-break:break-all">${labelHtml}</a>`;

/**
 * The HTML frame shared by every e-mail: inline styles only, since mail clients drop style
 * sheets. `bodyHtml` must already be escaped.
 */
export function mailLayout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f9fafb;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<h1 style="margin:0 0 16px;font-size:20px;color:${mailBrandColor()}">${escapeHtml(title)}</h1>
${bodyHtml}
<p style="margin:32px 0 0;font-size:12px;color:#6b7280">${escapeHtml(brand.academyName)} — Casablanca</p>
</div>
</body>
</html>`;
}

/** One paragraph of an e-mail's HTML; `contentHtml` must already be escaped. */
export const mailParagraph = (contentHtml: string) => `<p style="margin:0 0 16px;line-height:1.5">${contentHtml}</p>`;

/** The call to action: a button to `link`, then the link itself for the clients that show no button. */
export function mailButton(link: string, label: string): string[] {
  const href = escapeHtml(link);
  return [
    `<p style="margin:24px 0"><a href="${href}" style="display:inline-block;background:${mailBrandColor()};color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px">${escapeHtml(label)}</a></p>`,
    mailParagraph(`Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur :<br>${mailLink(href)}`),
  ];
}

/**
 * An e-mail around one link (an invitation): the paragraphs `before`, the link (a button in
 * HTML), the paragraphs `after`; the text version is the same paragraphs and the bare link.
 */
export function linkMail(mail: {
  to: string;
  subject: string;
  title: string;
  before: readonly string[];
  link: string;
  button: string;
  after: readonly string[];
}) {
  const paragraphs = (lines: readonly string[]) => lines.map((line) => mailParagraph(escapeHtml(line)));
  return {
    to: mail.to,
    subject: mail.subject,
    text: [...mail.before, mail.link, ...mail.after].join("\n\n"),
    html: mailLayout(
      mail.title,
      [...paragraphs(mail.before), ...mailButton(mail.link, mail.button), ...paragraphs(mail.after)].join("\n"),
    ),
  };
}
