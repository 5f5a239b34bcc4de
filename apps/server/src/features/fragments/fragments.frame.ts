import { createHash } from "node:crypto";

/*
 * The document a fragment runs in. Pages never include a fragment's code: they frame this document, and its
 * Content-Security-Policy carries `sandbox allow-scripts` (without `allow-same-origin`), so the browser gives it
 * an opaque origin even when it is opened on its own. Its code then cannot read the site's cookies, storage
 * or the framing page (the session, the CSRF token), and its requests are cross-site, so no session cookie
 * goes with them. It may not connect anywhere or submit forms; only its own inline code runs (by hash).
 */

/** What a frame holds: the revision's code, and the props its script is given. */
interface FrameContent {
  name: string;
  js: string;
  css: string;
  props: Record<string, unknown>;
  /** The site's origin: the frame may load its uploads' images and fonts. */
  origin: string;
}

/** The frame's own script: the props and root for the fragment's code, and its height for the framing page. */
const bootstrap = [
  "(function(){",
  'var props=JSON.parse(document.getElementById("fragment-props").textContent||"{}");',
  'window.fragment={props:props,root:document.getElementById("fragment-root")};',
  // The content's height, not the frame's: the root element's box (the document's scrollHeight is never less than
  // the frame), or what overflows the body.
  "function tell(){var h=Math.max(document.documentElement.getBoundingClientRect().height,document.body.scrollHeight);",
  'parent.postMessage({type:"parley:fragment-height",height:Math.ceil(h)},"*");}',
  'if(typeof ResizeObserver==="function")new ResizeObserver(tell).observe(document.documentElement);',
  'addEventListener("load",tell);',
  // The framing page asks again once it listens (it may start listening after the frame loaded).
  'addEventListener("message",function(e){if(e.source===parent&&e.data&&e.data.type==="parley:fragment-height-request")tell();});',
  "})();",
].join("");

/**
 * Text inside a `<script>` or `<style>` element cannot close it or open a comment there: `</script` becomes
 * `<\/script` (the same string, regular expression or comment to JavaScript, the same to CSS).
 */
const inRawElement = (text: string, element: "script" | "style") =>
  text.replace(new RegExp(`</(${element})`, "gi"), "<\\/$1").replace(/<!--/g, "<\\!--");

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The frame's HTML and the Content-Security-Policy it must be served with. */
export function fragmentFrame(content: FrameContent): { html: string; contentSecurityPolicy: string } {
  const js = inRawElement(content.js, "script");
  const props = JSON.stringify(content.props).replace(/</g, "\\u003c");
  const html =
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(content.name)}</title><style>${inRawElement(content.css, "style")}</style></head>` +
    `<body><div id="fragment-root"></div>` +
    `<script type="application/json" id="fragment-props">${props}</script>` +
    `<script>${bootstrap}</script><script>${js}</script></body></html>`;
  const contentSecurityPolicy = [
    "sandbox allow-scripts",
    "default-src 'none'",
    `script-src ${sha256(bootstrap)} ${sha256(js)}`,
    "style-src 'unsafe-inline'",
    `img-src ${content.origin} https: data:`,
    `font-src ${content.origin} https: data:`,
    "connect-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
  ].join("; ");
  return { html, contentSecurityPolicy };
}
