/**
 * The floating chat button never covers a form control (issue 29, item 5): while a control, its
 * label or the captcha passes under the button (at 390 px every field, the textarea's handle,
 * the captcha and the send button do, as they reach the bottom of the screen), the button steps
 * aside (`data-clear` hides it, app.css) and comes back once nothing of a form is under it.
 * Plain DOM, a few hundred bytes: public pages run it from their islands' loader
 * (islands/load-islands.ts), the student area from ChatButton.
 */
const CONTROLS =
  "form input:not([type=hidden]), form textarea, form select, form button, form label, form altcha-widget";
/** Room kept around the button, in CSS pixels. */
const MARGIN = 8;

const watched = new WeakSet<HTMLElement>();

export function keepChatButtonClear(button: HTMLElement): void {
  if (watched.has(button)) return;
  watched.add(button);
  let pending = false;
  const check = () => {
    pending = false;
    // The button's place, hidden or not (visibility keeps its box).
    const b = button.getBoundingClientRect();
    let covers = false;
    for (const control of document.querySelectorAll(CONTROLS)) {
      const r = control.getBoundingClientRect();
      if (
        r.width > 0 &&
        r.bottom > b.top - MARGIN &&
        r.top < b.bottom + MARGIN &&
        r.right > b.left - MARGIN &&
        r.left < b.right + MARGIN
      ) {
        covers = true;
        break;
      }
    }
    button.toggleAttribute("data-clear", covers);
  };
  const schedule = () => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(check);
  };
  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", schedule);
  // A form drawn later (a student page's data, an error message moving the fields down, a
  // textarea resized by its handle) moves the controls without a scroll.
  new MutationObserver(schedule).observe(document.body, { childList: true, subtree: true });
  if (typeof ResizeObserver !== "undefined") new ResizeObserver(schedule).observe(document.body);
  schedule();
}
