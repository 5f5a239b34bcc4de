import type { ReactNode } from "react";
import { Button, Group, Separator, ToggleButton, Toolbar } from "react-aria-components";
import { useSlate } from "slate-react";
import { t } from "../../lib/i18n.ts";
import {
  activeLink,
  isBlockActive,
  isMarkActive,
  toggleBlock,
  toggleMark,
  type BlockFormat,
} from "./editor.commands.ts";
import type { Mark } from "./rich2.ts";
import { AttachIcon as FileIcon, ImageIcon, LinkIcon } from "../../ui/icons/more.tsx";
import styles from "./RichEditor.module.css";

interface ToolbarProps {
  /** Runs a command, then puts the caret back in the text. */
  onCommand: (command: () => void) => void;
  onLink: () => void;
  onImage: () => void;
  onFile: () => void;
  /** Opens or closes the emoji picker. */
  onEmoji: () => void;
  emojiOpen: boolean;
  uploading: boolean;
}

/**
 * A button's glyph, drawn by CSS (`content: attr(data-glyph) / ""`): not text in the document, so the
 * button's accessible name is just its label and no visible text has to be part of it.
 */
function Glyph({ children, weight, style }: { children: string; weight?: "bold"; style?: "italic" | "strike" }) {
  return <span className={styles.glyph} data-glyph={children} data-weight={weight} data-style={style} />;
}

/** Labels are translated when rendered (the locale may change after this module loads). */
const marks = (): Array<{ mark: Mark; label: string; glyph: ReactNode; shortcut: string }> => [
  { mark: "bold", label: t("Bold"), glyph: <Glyph weight="bold">B</Glyph>, shortcut: "B" },
  { mark: "italic", label: t("Italic"), glyph: <Glyph style="italic">I</Glyph>, shortcut: "I" },
  { mark: "strikethrough", label: t("Strikethrough"), glyph: <Glyph style="strike">S</Glyph>, shortcut: "Shift+X" },
  { mark: "code", label: t("Inline code"), glyph: <Glyph>{"</>"}</Glyph>, shortcut: "E" },
];

const blocks = (): Array<{ format: BlockFormat; label: string; glyph: ReactNode }> => [
  { format: "h2", label: t("Heading 2"), glyph: <Glyph>{"H2"}</Glyph> },
  { format: "h3", label: t("Heading 3"), glyph: <Glyph>{"H3"}</Glyph> },
  { format: "ul", label: t("Bulleted list"), glyph: <Glyph>{"•≡"}</Glyph> },
  { format: "ol", label: t("Numbered list"), glyph: <Glyph>{"1."}</Glyph> },
  { format: "blockquote", label: t("Quote"), glyph: <Glyph>{"❝"}</Glyph> },
  { format: "code_block", label: t("Code block"), glyph: <Glyph>{"{ }"}</Glyph> },
];

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** The formatting buttons: toggles with their pressed state, arrow keys between them (React Aria's toolbar). */
export function EditorToolbar({ onCommand, onLink, onImage, onFile, onEmoji, emojiOpen, uploading }: ToolbarProps) {
  const editor = useSlate();
  const modifier = isMac() ? "⌘" : "Ctrl+";
  return (
    <Toolbar aria-label={t("Formatting")} className={styles.toolbar}>
      <Group aria-label={t("Text style")} className={styles.group}>
        {marks().map(({ mark, label, glyph, shortcut }) => (
          <ToggleButton
            key={mark}
            aria-label={label}
            className={styles.button}
            isSelected={isMarkActive(editor, mark)}
            onChange={() => onCommand(() => toggleMark(editor, mark))}
          >
            <span title={`${label} (${modifier}${shortcut})`}>{glyph}</span>
          </ToggleButton>
        ))}
        <ToggleButton
          aria-label={t("Link")}
          className={styles.button}
          isSelected={activeLink(editor) !== undefined}
          onChange={onLink}
        >
          <span title={`${t("Link")} (${modifier}K)`}>
            <LinkIcon size={18} />
          </span>
        </ToggleButton>
      </Group>
      <Separator orientation="vertical" className={styles.separator} />
      <Group aria-label={t("Paragraph style")} className={styles.group}>
        {blocks().map(({ format, label, glyph }) => (
          <ToggleButton
            key={format}
            aria-label={label}
            className={styles.button}
            isSelected={isBlockActive(editor, format)}
            onChange={() => onCommand(() => toggleBlock(editor, format))}
          >
            {glyph}
          </ToggleButton>
        ))}
      </Group>
      <Separator orientation="vertical" className={styles.separator} />
      <Group aria-label={t("Insert")} className={styles.group}>
        <Button aria-label={t("Insert image")} className={styles.button} onPress={onImage} isDisabled={uploading}>
          <ImageIcon size={18} />
        </Button>
        <Button aria-label={t("Attach file")} className={styles.button} onPress={onFile} isDisabled={uploading}>
          <FileIcon size={18} />
        </Button>
        <Button aria-label={t("Emoji")} aria-expanded={emojiOpen} className={styles.button} onPress={onEmoji}>
          <Glyph>{"☺"}</Glyph>
        </Button>
      </Group>
    </Toolbar>
  );
}
