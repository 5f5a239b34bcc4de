/**
 * What jsdom lacks and React Aria's overlays use: `CSS.escape` (they read a CSP nonce from a
 * <meta> tag). Imported first by the tests of overlay components.
 */
const globalCss = (globalThis as { CSS?: { escape?: (value: string) => string } }).CSS;
if (!globalCss?.escape) {
  const escape = (value: string) => value.replace(/[^a-zA-Z0-9_-]/g, (char) => `\\${char}`);
  Object.defineProperty(globalThis, "CSS", { value: { ...globalCss, escape }, configurable: true, writable: true });
}
