/**
 * The captcha widget's script, which `components/captcha.tsx` imports as it mounts (jsdom has no
 * IntersectionObserver, so at once). A file that renders the widget waits for it before it ends
 * (`afterAll(captchaScriptLoaded)`): an import still on its way when the file's module runner
 * closes fails the run with "Vite module runner has been closed".
 */
export const captchaScriptLoaded = () => import("../lib/altcha-client.ts");
