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
import styles from "./RichEditor.module.css";

interface ToolbarProps {
  /** Runs a command, then puts the caret back in the text. */
  onCommand: (command: () => void) => void;
  onLink: () => void;
  onImage: () => void;
  onFile: () => void;
  uploading: boolean;
}

/** Labels are translated when rendered (the locale may change after this module loads). */
const marks = (): Array<{ mark: Mark; label: string; glyph: ReactNode; shortcut: string }> => [
  { mark: "bold", label: t("Bold"), glyph: <b>B</b>, shortcut: "B" },
  { mark: "italic", label: t("Italic"), glyph: <i>I</i>, shortcut: "I" },
  { mark: "strikethrough", label: t("Strikethrough"), glyph: <s>S</s>, shortcut: "Shift+X" },
  { mark: "code", label: t("Inline code"), glyph: <code>{"<>"}</code>, shortcut: "E" },
];

const blocks = (): Array<{ format: BlockFormat; label: string; glyph: ReactNode }> => [
  { format: "h2", label: t("Heading 2"), glyph: "H2" },
  { format: "h3", label: t("Heading 3"), glyph: "H3" },
  { format: "ul", label: t("Bulleted list"), glyph: "•≡" },
  { format: "ol", label: t("Numbered list"), glyph: "1." },
  { format: "blockquote", label: t("Quote"), glyph: "❝" },
  { format: "code_block", label: t("Code block"), glyph: "{ }" },
];

const isMac = () => typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);

/** The formatting buttons: toggles with their pressed state, arrow keys between them (React Aria's toolbar). */
export function EditorToolbar({ onCommand, onLink, onImage, onFile, uploading }: ToolbarProps) {
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
            <span aria-hidden="true" title={`${label} (${modifier}${shortcut})`}>
              {glyph}
            </span>
          </ToggleButton>
        ))}
        <ToggleButton
          aria-label={t("Link")}
          className={styles.button}
          isSelected={activeLink(editor) !== undefined}
          onChange={onLink}
        >
          <span aria-hidden="true" title={`${t("Link")} (${modifier}K)`}>
            🔗
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
            <span aria-hidden="true">{glyph}</span>
          </ToggleButton>
        ))}
      </Group>
      <Separator orientation="vertical" className={styles.separator} />
      <Group aria-label={t("Insert")} className={styles.group}>
        <Button aria-label={t("Insert image")} className={styles.button} onPress={onImage} isDisabled={uploading}>
          <span aria-hidden="true">🖼</span>
        </Button>
        <Button aria-label={t("Attach file")} className={styles.button} onPress={onFile} isDisabled={uploading}>
          <span aria-hidden="true">📎</span>
        </Button>
      </Group>
    </Toolbar>
  );
}
