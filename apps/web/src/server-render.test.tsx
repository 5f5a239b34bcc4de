// @vitest-environment node
import { lazy, Suspense, useId, type ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInOnePass, renderStreamed } from "./server-render.ts";

/** A promise resolved from outside, so the test decides when a suspended part goes on. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

async function streamed(element: ReactElement): Promise<string> {
  let html = "";
  for await (const chunk of await renderStreamed(element, () => "<start>", "<end>")) html += String(chunk);
  return html;
}

function Labelled({ name }: { name: string }) {
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>{name}</label>
      <input id={id} />
      {name} and {"more"} text
    </p>
  );
}

/** A page as the app's are: ids, text beside text, a boundary whose part is there, an image React preloads. */
const complete = (
  <main>
    <h1>Title &amp; &lt;more&gt;</h1>
    <Labelled name="First" />
    <Suspense fallback={<p>Loading…</p>}>
      <Labelled name="Second" />
      <img src="/photo.png" alt="" />
    </Suspense>
  </main>
);

afterEach(() => vi.restoreAllMocks());

describe("server rendering in one pass or streamed", () => {
  it("renders a page whose parts are all there in one pass, with the markup the stream gives", async () => {
    const whole = renderInOnePass(complete);
    expect(whole).toContain("Title &amp; &lt;more&gt;");
    expect(whole).toContain('<label for="');
    // The same markup either way, so the browser hydrates either.
    expect(`<start>${whole}<end>`).toBe(await streamed(complete));
  });

  it("gives null for a page with a part that is not there yet, and the stream waits for it", async () => {
    const module = deferred<{ default: () => ReactElement }>();
    const Later = lazy(() => module.promise);
    const page = (
      <main>
        <h1>Title</h1>
        <Suspense fallback={<p>Loading…</p>}>
          <Later />
        </Suspense>
      </main>
    );
    expect(renderInOnePass(page)).toBeNull();
    const html = streamed(page);
    module.resolve({ default: () => <p>The part that waited</p> });
    // The streamed page has the part itself in the end, not only its fallback.
    expect(await html).toContain("The part that waited");
  });

  it("gives null for a page whose part failed inside a boundary, or whose shell failed", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const Failing = (): ReactElement => {
      throw new Error("broken part");
    };
    expect(
      renderInOnePass(
        <main>
          <Suspense fallback={<p>Loading…</p>}>
            <Failing />
          </Suspense>
        </main>,
      ),
    ).toBeNull();
    expect(renderInOnePass(<Failing />)).toBeNull();
    // The stream then reports the shell's failure as before.
    await expect(streamed(<Failing />)).rejects.toThrow("broken part");
  });
});
