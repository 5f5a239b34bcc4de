// @vitest-environment node
import { Writable } from "node:stream";
import { lazy, Suspense, type ComponentType } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { currentLocale, t } from "./lib/i18n.ts";
import { inLocale, localeState } from "./server-locale.ts";

/** A promise resolved from outside, so the test decides when each suspended part goes on. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const Words = ({ part }: { part: string }) => (
  <p>{`${part}: ${t("Sign In")} / ${t("Discussions")} (${currentLocale()})`}</p>
);

/** Renders `tree` to a string in `locale`, streaming as React does for a page. */
async function renderIn(locale: string, tree: React.ReactNode): Promise<string> {
  const state = await localeState(locale);
  return inLocale(
    state,
    () =>
      new Promise<string>((resolve, reject) => {
        let html = "";
        const out = new Writable({
          write(chunk, _encoding, callback) {
            html += String(chunk);
            callback();
          },
          final(callback) {
            resolve(html);
            callback();
          },
        });
        const { pipe } = renderToPipeableStream(tree, { onShellReady: () => pipe(out), onShellError: reject });
      }),
  );
}

describe("server renders in their own locale", () => {
  it("keeps two concurrent streaming renders apart, across Suspense boundaries that resolve later", async () => {
    // One lazy part shared by both renders (one module promise, resolved outside either render), and one each.
    const shared = deferred<{ default: ComponentType<{ part: string }> }>();
    const french = deferred<{ default: ComponentType<{ part: string }> }>();
    const german = deferred<{ default: ComponentType<{ part: string }> }>();
    const Shared = lazy(() => shared.promise);
    const French = lazy(() => french.promise);
    const German = lazy(() => german.promise);
    const page = (Own: ComponentType<{ part: string }>) => (
      <main>
        <Words part="shell" />
        <Suspense fallback={<p>…</p>}>
          <Shared part="shared" />
        </Suspense>
        <Suspense fallback={<p>…</p>}>
          <Own part="own" />
        </Suspense>
      </main>
    );

    const inFrench = renderIn("fr", page(French));
    const inGerman = renderIn("de", page(German));
    const inEnglish = renderIn("en", page(German));
    // Resolved in an order of neither render's making, from the test's own context.
    await Promise.resolve();
    german.resolve({ default: Words });
    shared.resolve({ default: Words });
    french.resolve({ default: Words });
    const [fr, de, en] = await Promise.all([inFrench, inGerman, inEnglish]);

    for (const part of ["shell", "shared", "own"]) {
      expect(fr).toContain(`${part}: Se connecter / Discussions (fr)`);
      expect(de).toContain(`${part}: Anmelden / Diskussionen (de)`);
      expect(en).toContain(`${part}: Sign In / Discussions (en)`);
    }
    expect(fr).not.toMatch(/Anmelden|Sign In/);
    expect(de).not.toMatch(/Connexion|Sign In/);
    expect(en).not.toMatch(/Connexion|Anmelden/);
  });

  it("renders in English without a pack for a locale the interface does not have", async () => {
    const state = await localeState("es");
    expect(state).toMatchObject({ locale: "en", chosen: "es", translator: null });
    expect(await renderIn("es", <Words part="shell" />)).toContain("shell: Sign In / Discussions (en)");
  });
});
