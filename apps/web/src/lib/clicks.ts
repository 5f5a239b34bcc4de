/** What a click's modifier keys and button are: a browser opens a new tab or window for the others. */
export interface ClickKeys {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** A plain click of the main button: the page may handle the link itself. */
export const isPlainClick = (event: ClickKeys) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
