import type { WidgetProps } from "@parley/contracts";
import { cx } from "../../ui/css.ts";
import { buttonLook } from "../../ui/button/Button.tsx";
import styles from "./HomeWidgets.module.css";

/** `react.cta`: a call to action: a title, a description and one primary button, with an image when given. */
export function CallToAction({ title, description, button, imageUrl, alignment = "left" }: WidgetProps<"react.cta">) {
  return (
    <section
      className={cx(styles.widget, styles.cta, alignment === "center" && styles.ctaCenter)}
      data-home-widget=""
      data-part="cta"
      aria-label={title}
    >
      {imageUrl ? <img className={styles.ctaImage} src={imageUrl} alt="" loading="lazy" /> : null}
      <div className={styles.ctaText}>
        <h2 className={styles.title}>{title}</h2>
        {description ? <p className={styles.description}>{description}</p> : null}
        <p className={styles.ctaAction}>
          <a href={button.url} {...buttonLook({ buttonType: "primary" })}>
            {button.title}
          </a>
        </p>
      </div>
    </section>
  );
}
