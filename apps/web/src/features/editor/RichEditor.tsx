import { useQuery } from "../../lib/query.ts";
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from "react";
import { createEditor, Editor, Node, Text, Transforms, type Descendant, type Point } from "slate";
import { withHistory } from "slate-history";
import { Editable, ReactEditor, Slate, withReact, type RenderElementProps, type RenderLeafProps } from "slate-react";
import { formatFileSize, isImageExtension, uploadDefaults } from "@parley/contracts/uploads";
import { ApiError } from "../../lib/api.ts";
import { useApi } from "../../lib/api-context.tsx";
import { t } from "../../lib/i18n.ts";
import { commentBodyID, registerCommentComposer, richText } from "../../lib/comment-composer.ts";
import { checkFile, uploadLimitsQuery, uploadMedia } from "./editor.api.ts";
import { activeLink, insertEmbed, setLink, shortcutOf, toggleMark, unwrapLink, withRich2 } from "./editor.commands.ts";
import { htmlToRich2, withRich2Paste } from "./editor.paste.ts";
import { EditorToolbar } from "./EditorToolbar.tsx";
import { AttachIcon as FileIcon } from "../../ui/icons/more.tsx";
import { LinkPanel } from "./LinkPanel.tsx";
import { useMentions } from "./mentions/useMentions.tsx";
import { useEmojiShortcodes } from "./emoji/useEmojiShortcodes.tsx";
import { initialDocument, paragraph, serializeRich2, type EmbedElement, type TextCaret } from "./rich2.ts";
import styles from "./RichEditor.module.css";

export interface RichEditorProps {
  /** The form field the rich2 JSON is posted as (`body`); `format` is posted as rich2 beside it. */
  name: string;
  id: string;
  /** The editing area's accessible name. */
  label: string;
  /** What to start from: rich2 JSON, or text (what was typed in the plain text area). */
  defaultValue: string;
  /** The text is Markdown (the plain text area's format): its `>` quotes become block quotes. */
  markdown?: boolean | undefined;
  describedBy?: string | undefined;
  invalid?: boolean | undefined;
  /**
   * Taking over a focused text area: its caret (or selection) in `defaultValue`. The editor takes the
   * focus with the caret at the same place, in the same task as the text area goes, so no key is lost.
   */
  caret?: TextCaret | null | undefined;
  /**
   * A post in another format continued here: its rendered, sanitised HTML (the API's `body`), read by the
   * paste parser into rich2 (lists, links, quotes, code blocks kept); `defaultValue` is then not read.
   */
  html?: string | undefined;
}

function Embed({ attributes, children, element }: RenderElementProps & { element: EmbedElement }) {
  const data = element.embedData;
  return (
    <div {...attributes} className={styles.embed}>
      <div contentEditable={false}>
        {element.dataSourceType === "image" ? (
          <img
            src={data.url}
            alt={data.name}
            className={styles.image}
            {...(data.width ? { width: data.width } : {})}
            {...(data.height ? { height: data.height } : {})}
          />
        ) : (
          <span className={styles.file}>
            <FileIcon size={18} />
            {data.name}
            {data.size ? ` (${formatFileSize(data.size)})` : ""}
          </span>
        )}
      </div>
      {children}
    </div>
  );
}

function renderElement(props: RenderElementProps) {
  const { attributes, element } = props;
  const children = props.children as ReactNode;
  switch (element.type) {
    case "h2":
      return <h2 {...attributes}>{children}</h2>;
    case "h3":
      return <h3 {...attributes}>{children}</h3>;
    case "blockquote":
      return (
        <blockquote {...attributes} className={styles.quote}>
          {children}
        </blockquote>
      );
    case "code_block":
      return (
        <pre {...attributes} className={styles.code}>
          <code>{children}</code>
        </pre>
      );
    case "code_line":
      return (
        <div {...attributes} className={styles.codeLine}>
          {children}
        </div>
      );
    case "ul":
      return <ul {...attributes}>{children}</ul>;
    case "ol":
      return <ol {...attributes}>{children}</ol>;
    case "li":
      return <li {...attributes}>{children}</li>;
    case "lic":
      return <div {...attributes}>{children}</div>;
    case "a":
      return (
        <a {...attributes} href={element.url} className={styles.link}>
          {children}
        </a>
      );
    case "rich_embed_card":
      return <Embed {...props} element={element} />;
    default:
      return <p {...attributes}>{children}</p>;
  }
}

function renderLeaf({ attributes, children, leaf }: RenderLeafProps) {
  let content = children as ReactNode;
  if (leaf.code) content = <code className={styles.inlineCode}>{content}</code>;
  if (leaf.strikethrough) content = <s>{content}</s>;
  if (leaf.italic) content = <em>{content}</em>;
  if (leaf.bold) content = <strong>{content}</strong>;
  return <span {...attributes}>{content}</span>;
}

/** A quote as rich2: "Name said:" linking to the post, the quoted lines, then a paragraph to reply in. */
function quoteNodes(authorName: string, url: string, text: string): Descendant[] {
  const lines = text.trim().split("\n");
  return [
    {
      type: "blockquote",
      children: [
        {
          type: "blockquote-line",
          children: [{ text: "" }, { type: "a", url, children: [{ text: authorName }] }, { text: ` ${t("said:")}` }],
        },
        ...lines.map((line) => ({ type: "blockquote-line" as const, children: [{ text: line }] })),
      ],
    },
    paragraph(),
  ];
}

/** The emoji picker and its data: a chunk of their own, fetched when the toolbar's Emoji button is first pressed. */
const EmojiPicker = lazy(() => import("./emoji/EmojiPicker.tsx").then((module) => ({ default: module.EmojiPicker })));

/** The Slate editor writing rich2 into the form (loaded on demand by BodyEditor; never on the server). */
export function RichEditor({
  name,
  id,
  label,
  defaultValue,
  markdown,
  describedBy,
  invalid,
  caret,
  html,
}: RichEditorProps) {
  const api = useApi();
  const [{ editor, start }] = useState(() => {
    const document =
      html === undefined
        ? initialDocument(defaultValue, { markdown, caret })
        : { value: htmlToRich2(html), selection: null };
    const created = withRich2Paste(withRich2(withHistory(withReact(createEditor()))));
    // Set before the first render, not by an operation: focusing then puts the DOM caret there at once.
    created.children = document.value;
    const inText = (point: Point) => {
      const node = Editor.hasPath(created, point.path) ? Node.get(created, point.path) : null;
      return Text.isText(node) && point.offset <= node.text.length;
    };
    const selection = document.selection;
    created.selection = selection && inText(selection.anchor) && inText(selection.focus) ? selection : null;
    return { editor: created, start: document.value };
  });
  const [body, setBody] = useState(() => serializeRich2(start));
  const [linkOpen, setLinkOpen] = useState(false);
  const [uploading, setUploading] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const [accept, setAccept] = useState<"image" | "file">("image");
  const limits = useQuery(uploadLimitsQuery(api)).data ?? uploadDefaults;
  const problemId = `${id}-upload-problem`;
  const box = useRef<HTMLDivElement>(null);
  const mentions = useMentions(editor, api, box);
  const shortcodes = useEmojiShortcodes(editor, box);
  const [emojiOpen, setEmojiOpen] = useState(false);

  const focus = useCallback(() => {
    // After a command, Slate's own focus waits on a 10 ms timer for the pending operations, and the keyboard
    // focus stays on the toolbar button that ran it: a key typed meanwhile went there (a space pressed the button
    // again and took the list back off; seen on a loaded machine). The editing area takes the focus at once; the
    // render that applies the operations then puts the caret where the selection is (Slate does it on every
    // render while the editor is focused).
    if (editor.operations.length > 0) {
      const element = ReactEditor.toDOMNode(editor, editor);
      if (element.ownerDocument.activeElement !== element) element.focus({ preventScroll: true });
    }
    ReactEditor.focus(editor);
    if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
  }, [editor]);

  // Taking over a focused text area: the focus and the caret move before the browser hands on the next key.
  const tookOver = useRef(false);
  useLayoutEffect(() => {
    if (!caret || tookOver.current) return;
    tookOver.current = true;
    ReactEditor.focus(editor);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the editor appears
  }, []);

  const [focusAfterRender, setFocusAfterRender] = useState(0);
  // The comment box answers the posts' Reply and Quote buttons (a quote becomes a real block quote).
  // A passive effect, so it runs after <Slate>'s own (a child's effects run first): only then does the
  // editor pass its changes on. A Quote asked for in between waits in the composer (commentComposer.ts).
  useEffect(() => {
    if (id !== commentBodyID) return undefined;
    return registerCommentComposer({
      focus,
      insertQuote(quote) {
        const text = typeof quote.bodyRaw === "string" ? quote.bodyRaw : richText(quote.bodyRaw);
        Transforms.insertNodes(editor, quoteNodes(quote.authorName, quote.url, text), {
          at: [editor.children.length],
        });
        Transforms.select(editor, Editor.end(editor, []));
        // Focus once React has drawn the quote: the caret goes into nodes that must be in the page.
        setFocusAfterRender((count) => count + 1);
      },
    });
  }, [editor, focus, id]);
  useEffect(() => {
    if (focusAfterRender > 0) focus();
  }, [focusAfterRender, focus]);

  const handleCommand = (command: () => void) => {
    if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
    command();
    focus();
  };

  const handleChange = (value: Descendant[]) => {
    setBody(serializeRich2(value));
    mentions.update();
    shortcodes.update();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (mentions.onKeyDown(event) || shortcodes.onKeyDown(event)) return;
    const shortcut = shortcutOf(event);
    if (!shortcut) return;
    event.preventDefault();
    if (shortcut === "link") setLinkOpen(true);
    else toggleMark(editor, shortcut);
  };

  const openPicker = (kind: "image" | "file") => {
    setAccept(kind);
    setProblem(null);
    // The input's accept list changes with the kind: click once React has rendered it.
    requestAnimationFrame(() => fileInput.current?.click());
  };

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    const check = checkFile(file, limits);
    if (check) {
      setProblem(check);
      return;
    }
    setProblem(null);
    setUploading(file.name);
    try {
      const media = await uploadMedia(file, limits);
      // Only files the server read as images come back with a width.
      const image = media.width !== null;
      if (!editor.selection) Transforms.select(editor, Editor.end(editor, []));
      insertEmbed(editor, {
        embedType: image ? "image" : "file",
        url: media.url,
        name: media.name,
        type: media.type,
        size: media.size,
        width: media.width,
        height: media.height,
        mediaID: media.mediaID,
      });
      focus();
    } catch (error) {
      setProblem(
        error instanceof ApiError
          ? (error.errors["file"]?.[0]?.message ?? error.message)
          : t("Something went wrong while contacting the server."),
      );
    } finally {
      setUploading(null);
    }
  };

  const extensions = limits.allowedExtensions.filter(
    (extension) => (accept === "image") === isImageExtension(extension),
  );
  const link = linkOpen ? activeLink(editor) : undefined;

  return (
    <div ref={box} className={styles.editor} data-invalid={invalid || undefined}>
      <Slate editor={editor} initialValue={start} onChange={handleChange}>
        <EditorToolbar
          onCommand={handleCommand}
          onLink={() => setLinkOpen((open) => !open)}
          onImage={() => openPicker("image")}
          onFile={() => openPicker("file")}
          onEmoji={() => setEmojiOpen((open) => !open)}
          emojiOpen={emojiOpen}
          uploading={uploading !== null}
        />
        {emojiOpen ? (
          <Suspense fallback={<p className={styles.status}>{t("Loading…")}</p>}>
            <EmojiPicker
              onChoose={(emoji) => {
                handleCommand(() => Transforms.insertText(editor, emoji));
                setEmojiOpen(false);
              }}
              onClose={() => {
                setEmojiOpen(false);
                focus();
              }}
            />
          </Suspense>
        ) : null}
        {linkOpen ? (
          <LinkPanel
            initialUrl={link?.[0].url ?? ""}
            editing={link !== undefined}
            onApply={(url) => {
              const applied = setLink(editor, url);
              if (applied) {
                setLinkOpen(false);
                focus();
              }
              return applied;
            }}
            onRemove={() => {
              unwrapLink(editor);
              setLinkOpen(false);
              focus();
            }}
            onCancel={() => {
              setLinkOpen(false);
              focus();
            }}
          />
        ) : null}
        <Editable
          id={id}
          aria-label={label}
          aria-describedby={[describedBy, problem ? problemId : null].filter(Boolean).join(" ") || undefined}
          aria-invalid={invalid || undefined}
          {...mentions.editableProps}
          aria-controls={mentions.editableProps["aria-controls"] ?? shortcodes.controls}
          aria-activedescendant={mentions.editableProps["aria-activedescendant"] ?? shortcodes.activeDescendant}
          className={styles.content}
          renderElement={renderElement}
          renderLeaf={renderLeaf}
          onKeyDown={handleKeyDown}
          spellCheck
        />
        {mentions.list}
        {shortcodes.list}
      </Slate>
      <p role="status" className={styles.status}>
        {uploading ? t("Uploading {name}…", { name: uploading }) : ""}
      </p>
      {problem ? (
        <p id={problemId} role="alert" className={styles.problem}>
          {problem}
        </p>
      ) : null}
      <input
        ref={fileInput}
        type="file"
        hidden
        aria-label={accept === "image" ? t("Insert image") : t("Attach file")}
        accept={extensions.map((extension) => `.${extension}`).join(",")}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = "";
          void handleFile(file);
        }}
      />
      <input type="hidden" name={name} value={body} />
      <input type="hidden" name="format" value="rich2" />
    </div>
  );
}
