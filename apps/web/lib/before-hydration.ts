/**
 * What a visitor does to a public page's prerendered islands before React has hydrated them:
 * typing, a tap on a button, a form sent. The button has no handler yet, the form would be
 * sent by the browser itself (its fields in the address), and React would start from the
 * prerendered values. So the page's loader stops such a form and marks it, and marks such a
 * button (`markEarlyActions`, inlined by scripts/island-pages.ts). Just before hydrating, the
 * island (islands/hydrate.tsx) takes what was done (`takeWhatWasDone`), and plays it again once
 * hydrated. From then on, React itself replays a click or a submit (decision 008). Student
 * pages are rendered by the server and hydrate as soon as their scripts run (decision 101).
 */

/** On a button clicked before its container hydrated. */
export const EARLY_CLICK = "data-early-click";
/** On a form sent before its container hydrated. */
export const EARLY_SUBMIT = "data-early-submit";
/**
 * Set on a container (as a property: React would report an attribute it did not write on
 * the page it hydrates) once it is handed to React: its events are React's from then on.
 */
const HYDRATING = "puertaHydrating";
type Container = Element & { [HYDRATING]?: boolean };

/**
 * The loader's listeners, as plain JavaScript, for what happens inside the containers that
 * `scope` selects (an island's frame, or the whole page). Only `type="button"` buttons are
 * clicked again: links work without script, and submit buttons send their form, which is kept.
 */
export function markEarlyActions(scope: string): string {
  return (
    `const early=(e,a)=>{const f=e.target.closest?.(${JSON.stringify(scope)});return f&&!f.${HYDRATING}&&a()};` +
    `addEventListener("click",e=>early(e,()=>e.target.closest('button[type="button"]')?.setAttribute("${EARLY_CLICK}","")),true);` +
    `addEventListener("submit",e=>early(e,()=>{e.preventDefault();e.target.setAttribute("${EARLY_SUBMIT}","")}),true);`
  );
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Whether the field belongs to a custom element inside the container (the captcha widget's
 * own). An island's frame is one too, and holds the page's own fields when the container is
 * the whole page.
 */
function ownedByWidget(field: Field, container: Element): boolean {
  for (let node = field.parentElement; node && node !== container; node = node.parentElement) {
    if (node.localName.includes("-") && node.localName !== "puerta-island") return true;
  }
  return false;
}

/**
 * What the visitor filled in, as a way to tell React again: React starts from the
 * prerendered values and would keep, then show, those. Each field is set back to what React
 * knows (through its value tracker), then given the visitor's value with the browser's own
 * setter and the event that typing fires, so the form holds and sends what the visitor wrote.
 */
function takeFilledFields(container: Element): (() => void)[] {
  const replays: (() => void)[] = [];
  for (const field of container.querySelectorAll<Field>("input, textarea, select")) {
    if (ownedByWidget(field, container)) continue;
    if (field instanceof HTMLSelectElement) {
      if ([...field.options].every((option) => option.selected === option.defaultSelected)) continue;
      replays.push(() => field.dispatchEvent(new Event("change", { bubbles: true })));
    } else if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
      if (field.checked === field.defaultChecked || (field.type === "radio" && !field.checked)) continue;
      const checked = field.checked;
      replays.push(() => {
        field.checked = !checked;
        field.click();
      });
    } else if (field.value !== field.defaultValue) {
      const value = field.value;
      const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set;
      replays.push(() => {
        field.value = field.defaultValue;
        setValue?.call(field, value);
        field.dispatchEvent(new Event("input", { bubbles: true }));
      });
    }
  }
  return replays;
}

/** The buttons tapped and the forms sent, each to be clicked or sent again, in that order. */
function takeEarlyActions(container: Element): (() => void)[] {
  const take = <T extends HTMLElement>(attribute: string, act: (element: T) => void) =>
    [...container.querySelectorAll<T>(`[${attribute}]`)].map((element) => {
      element.removeAttribute(attribute);
      return () => element.isConnected && act(element);
    });
  return [
    ...take<HTMLButtonElement>(EARLY_CLICK, (button) => button.click()),
    // In a task of its own: once React has rendered the fields given back, whose state the
    // form's handler reads.
    ...take<HTMLFormElement>(EARLY_SUBMIT, (form) => setTimeout(() => form.isConnected && form.requestSubmit())),
  ];
}

/**
 * To be called just before `container` is handed to React: marks it as hydrating, and
 * returns what to play again once it has hydrated (undefined when nothing was done).
 */
export function takeWhatWasDone(container: Container): (() => void) | undefined {
  container[HYDRATING] = true;
  const replays = [...takeFilledFields(container), ...takeEarlyActions(container)];
  if (replays.length === 0) return undefined;
  return () => {
    // Once, even where an effect runs twice (React's strict mode in development).
    for (const replay of replays.splice(0)) replay();
  };
}

/**
 * Whether the visitor did something inside `container` that its hydration will play again:
 * then it is needed at once, even if that was before anyone watched it (islands/when-needed.ts).
 */
export function somethingWasDone(container: Element): boolean {
  return (
    container.querySelector(`[${EARLY_CLICK}], [${EARLY_SUBMIT}]`) !== null || takeFilledFields(container).length > 0
  );
}
