import type { ThemePreviewVariables } from "@parley/contracts";
import styles from "./ThemeSwatch.module.css";

/** The theme's colours as a miniature page: title bar, background, text and primary colour. */
export function ThemeSwatch({ colors }: { colors: ThemePreviewVariables }) {
  return (
    <div className={styles.swatch} aria-hidden="true" style={{ background: colors.globalBg ?? undefined }}>
      <div
        className={styles.swatchBar}
        style={{ background: colors.titleBarBg ?? undefined, color: colors.titleBarFg ?? undefined }}
      >
        Aa
      </div>
      <div className={styles.swatchBody} style={{ color: colors.globalFg ?? undefined }}>
        <span>Aa</span>
        <span className={styles.swatchButton} style={{ background: colors.globalPrimary ?? undefined }} />
      </div>
    </div>
  );
}
