import { PassThrough, Transform, type Readable } from "node:stream";
import type { ReactElement } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";

/**
 * The page in one synchronous pass, or null when a part of it waited (a query the loaders did not load, a lazy
 * component not loaded yet) or failed: `renderToString` would send such a part's fallback, so it renders streamed.
 * Nearly every page's data is loaded by its route's loaders first, so nearly every page takes this path: the
 * stream's per-chunk encoding into bytes (`writeChunk`, its views and their garbage) was ≈ 10% of a member's
 * discussion page.
 */
export function renderInOnePass(element: ReactElement): string | null {
  try {
    const html = renderToString(element);
    // A boundary that did not complete on the server is sent as its fallback with this marker (client-rendered).
    return html.includes("<!--$!-->") ? null : html;
  } catch {
    return null;
  }
}

/** The page streamed: the shell as soon as it is ready, then each part as its data arrives. */
export async function renderStreamed(
  element: ReactElement,
  documentStart: () => string,
  tail: string,
): Promise<Readable> {
  const out = new PassThrough();
  const withTail = new Transform({
    transform(chunk, _encoding, callback) {
      callback(null, chunk);
    },
    flush(callback) {
      callback(null, tail);
    },
  });
  withTail.pipe(out);
  await new Promise<void>((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onShellReady() {
        // The head the shell collected (its title, description, links) comes first.
        withTail.write(documentStart());
        pipe(withTail);
        resolve();
      },
      onShellError: reject,
      onError(error) {
        console.error(error);
      },
    });
  });
  return out;
}
