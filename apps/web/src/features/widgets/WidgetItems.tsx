import type { CSSProperties } from "react";
import type { WidgetContentType, WidgetDisplayType } from "@parley/contracts";
import { cx } from "../../ui/css.ts";
import { Carousel } from "./Carousel.tsx";
import type { WidgetItem } from "./widgets.items.ts";
import styles from "./HomeWidgets.module.css";

/** One item drawn as its content type says (spec §1's seven): a title, with a description, an image, an icon… */
function ItemCard({ item, contentType }: { item: WidgetItem; contentType: WidgetContentType }) {
  const background = contentType === "title-background" || contentType === "title-background-description";
  const withDescription = contentType !== "title" && contentType !== "title-background";
  const image = contentType === "title-description-image" && item.imageUrl;
  const icon = contentType === "title-description-icon" && item.iconUrl;
  return (
    <a
      href={item.url}
      className={cx(styles.card, styles[contentType.replaceAll("-", "_")])}
      style={
        background && item.imageUrl
          ? ({ "--item-background": `url("${encodeURI(item.imageUrl)}")` } as CSSProperties)
          : undefined
      }
    >
      {image ? <img className={styles.image} src={item.imageUrl} alt="" loading="lazy" /> : null}
      {icon ? <img className={styles.icon} src={item.iconUrl} alt="" width={40} height={40} loading="lazy" /> : null}
      <span className={styles.itemText}>
        <h3 className={styles.itemName}>{item.name}</h3>
        {withDescription && item.description ? <p className={styles.itemDescription}>{item.description}</p> : null}
      </span>
    </a>
  );
}

/**
 * A home widget's items in their container: a grid of cards (up to `columns` a row on desktop, one on mobile),
 * a carousel, a list, or links only.
 */
export function WidgetItems({
  items,
  displayType,
  contentType,
  columns,
  label,
  autoplaySeconds,
}: {
  items: WidgetItem[];
  displayType: WidgetDisplayType;
  contentType: WidgetContentType;
  columns: number;
  /** The carousel's name (the widget's title). */
  label: string;
  autoplaySeconds?: number | undefined;
}) {
  if (displayType === "link")
    return (
      <ul className={styles.links}>
        {items.map((item) => (
          <li key={item.key}>
            <a href={item.url}>{item.name}</a>
          </li>
        ))}
      </ul>
    );
  if (displayType === "carousel")
    return (
      <Carousel
        label={label}
        columns={columns}
        autoplaySeconds={autoplaySeconds}
        slides={items.map((item) => ({ key: item.key, content: <ItemCard item={item} contentType={contentType} /> }))}
      />
    );
  return (
    <ul
      className={displayType === "grid" ? styles.grid : styles.list}
      style={{ "--columns": columns } as CSSProperties}
    >
      {items.map((item) => (
        <li key={item.key}>
          <ItemCard item={item} contentType={contentType} />
        </li>
      ))}
    </ul>
  );
}
