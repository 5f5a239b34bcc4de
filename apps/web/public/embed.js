/*
 * Parley's embed script, for the host page that embeds the forum (spec §4). The host page loads it and
 * places the element where the forum goes:
 *
 *   <script defer src="https://forum.example.com/api/v2/assets/embed-script"></script>
 *   <vanilla-embed remote-url="https://forum.example.com"></vanilla-embed>
 *
 * (`<parley-embed>` is the same element.) The forum's site settings must allow embedding at the host
 * page's address (Site Settings › Embedding). The element holds a frame of the forum, 100% wide and as
 * tall as the window unless the page styles it otherwise. The host page's address keeps the forum page
 * after a `#` (https://example.com/community#/discussion/12/slug), so it can be bookmarked, shared and
 * reloaded. The forum's messages, taken from its own origin and frame only: its address and title
 * (the host's title follows), its scroll (the element gets the `scrolled` and `scroll-end` attributes
 * and an `embeddedscroll` event), and links to other sites, which open in the host's window.
 * Attributes: `remote-url` (the forum; the script's own site when absent), `initial-path` (the page
 * shown when the address has none, `/` by default), `frame-title` (the frame's accessible name),
 * `sso-token` (a JWT the host site signed for the visitor, for a JWT authenticator: the frame opens at
 * `/entry/jwt?token=…&target=<the page>` and the visitor is signed in silently; a host on another site
 * needs the forum's `embed.crossSiteSessions`, which keeps the frame's session in a partitioned cookie).
 */
(function () {
  "use strict";
  if (typeof window === "undefined" || !window.customElements) return;
  const script = document.currentScript;
  const scriptOrigin = script && script.src ? new URL(script.src, location.href).origin : location.origin;

  const forumBase = (element) => {
    try {
      return new URL(element.getAttribute("remote-url") || `${scriptOrigin}/`, location.href);
    } catch {
      return new URL(`${scriptOrigin}/`);
    }
  };

  /** The forum page the host's address holds after its `#`, on the forum's own origin only. */
  const pathFromHash = (base) => {
    const hash = location.hash.slice(1);
    if (hash.charAt(0) !== "/" || hash.charAt(1) === "/") return null;
    const target = new URL(hash, base);
    return target.origin === base.origin ? target : null;
  };

  const style = document.createElement("style");
  style.textContent =
    "vanilla-embed,parley-embed{display:block;width:100%;height:100vh}" +
    "vanilla-embed>iframe,parley-embed>iframe{display:block;width:100%;height:100%;border:0}";
  document.head.insertBefore(style, document.head.firstChild);

  class ForumEmbed extends HTMLElement {
    connectedCallback() {
      if (this.frame) return;
      const base = forumBase(this);
      let initial = pathFromHash(base) || new URL(this.getAttribute("initial-path") || "/", base);
      if (initial.origin !== base.origin) initial = base;
      const frame = document.createElement("iframe");
      // Spec §9: the frame may run the forum's scripts, keep its origin and send its forms.
      frame.setAttribute("sandbox", "allow-same-origin allow-scripts allow-forms");
      frame.setAttribute("title", this.getAttribute("frame-title") || "Community");
      const token = this.getAttribute("sso-token");
      if (token) {
        const entry = new URL("/entry/jwt", base);
        entry.searchParams.set("token", token);
        entry.searchParams.set("target", `${initial.pathname}${initial.search}${initial.hash}`);
        frame.src = entry.href;
      } else {
        frame.src = initial.href;
      }
      this.frame = frame;
      this.appendChild(frame);

      let shown = initial.href;
      this.onMessage = (event) => {
        if (event.origin !== base.origin || event.source !== frame.contentWindow) return;
        const data = event.data || {};
        if (data.type === "embeddedHrefUpdate" && typeof data.href === "string") {
          const page = new URL(data.href, base);
          if (page.origin !== base.origin) return;
          shown = page.href;
          const hash = `#${page.pathname}${page.search}${page.hash}`;
          if (location.hash !== hash) history.replaceState(history.state, "", hash);
        } else if (data.type === "embeddedTitleUpdate" && typeof data.title === "string") {
          document.title = data.title;
        } else if (data.type === "embeddedScrollUpdate") {
          const detail = { isScrolled: data.isScrolled === true, isScrollEnd: data.isScrollEnd === true };
          this.toggleAttribute("scrolled", detail.isScrolled);
          this.toggleAttribute("scroll-end", detail.isScrollEnd);
          this.dispatchEvent(new CustomEvent("embeddedscroll", { detail }));
        } else if (data.type === "navigateExternalDomain" && typeof data.href === "string") {
          const away = new URL(data.href, location.href);
          if (away.protocol === "https:" || away.protocol === "http:") location.assign(away.href);
        }
      };
      // The reader changed the address's `#` (a link or their own typing): the frame follows.
      this.onHashChange = () => {
        const page = pathFromHash(base);
        if (page && page.href !== shown) {
          shown = page.href;
          frame.src = page.href;
        }
      };
      window.addEventListener("message", this.onMessage);
      window.addEventListener("hashchange", this.onHashChange);
    }

    disconnectedCallback() {
      window.removeEventListener("message", this.onMessage);
      window.removeEventListener("hashchange", this.onHashChange);
      if (this.frame) this.removeChild(this.frame);
      this.frame = null;
    }
  }

  for (const name of ["vanilla-embed", "parley-embed"])
    if (!customElements.get(name)) customElements.define(name, class extends ForumEmbed {});
})();
