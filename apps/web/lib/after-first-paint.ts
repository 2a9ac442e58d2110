/**
 * JavaScript for a page's inline module: calls the function named `run`, defined earlier in
 * the same script, once the page has painted. A paint entry, not a timer, which a page's fake
 * clock would stop. On a slow line the stylesheet and the page's text go first, and the
 * scripts after (decisions 007, 008 and 009).
 */
export function afterFirstPaint(run: string): string {
  return (
    'PerformanceObserver.supportedEntryTypes?.includes("paint")?' +
    `new PerformanceObserver((_,o)=>{o.disconnect();${run}()}).observe({type:"paint",buffered:true}):${run}();`
  );
}
