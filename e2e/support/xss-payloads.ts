/**
 * Script payloads for the XSS spec. Each one, if the browser ever ran it, records its name in
 * `window.__xss` (or opens a dialog), so the spec sees any execution, blocked or not.
 */
export const XSS_PAYLOADS = {
  img: `<img src=x onerror="window.__xss.push('img')">`,
  script: `<script>window.__xss.push('script')</script>`,
  svg: `<svg onload="window.__xss.push('svg')"></svg>`,
  anchor: `<a href="javascript:window.__xss.push('anchor')">clic</a>`,
  iframe: `"><iframe srcdoc="<script>alert('iframe')</script>"></iframe>`,
} as const;

/** Every payload in one string, as a hostile field value would carry them. */
export const XSS_TEXT = Object.values(XSS_PAYLOADS).join(" ");

/** A notification link that would run script if it were ever rendered as an href. */
export const XSS_LINK = "javascript:window.__xss.push('link')";
