import { useEffect, useRef, useState } from "react";
import { limits } from "@parley/contracts/limits";
import { cssVars, cx, px } from "../css.ts";
import styles from "./UserPhoto.module.css";

/** Sizes of spec §9: xsmall 24, small 28, medium 40, large 100, xlarge 145. */
export type UserPhotoSize = keyof typeof limits.sizes.userPhoto;

export interface UserPhotoProps {
  name: string;
  photoUrl?: string | null;
  size?: UserPhotoSize;
  /**
   * Shown next to the user's name (a list item, a post's author line): the photo then says nothing
   * the name doesn't, so it is hidden from screen readers (`alt=""`). Otherwise its text is the name.
   */
  decorative?: boolean;
  className?: string;
}

/**
 * A user's photo, or a default silhouette when there is none or it fails to load (spec §4), including
 * failures that happened before hydration, when React's onError was not listening yet.
 */
export function UserPhoto({ name, photoUrl, size = "medium", decorative = false, className }: UserPhotoProps) {
  const imgRef = useRef<HTMLImageElement>(null);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showPhoto = Boolean(photoUrl) && failedUrl !== photoUrl;

  useEffect(() => {
    const img = imgRef.current;
    if (img && photoUrl && img.complete && img.naturalWidth === 0) setFailedUrl(photoUrl);
  }, [photoUrl]);

  const dimension = limits.sizes.userPhoto[size];
  return (
    <span
      className={cx(styles.photo, className)}
      style={cssVars({ "--user-photo-size": px(dimension) })}
      data-size={size}
    >
      {showPhoto ? (
        <img
          ref={imgRef}
          className={styles.image}
          src={photoUrl!}
          alt={decorative ? "" : name}
          width={dimension}
          height={dimension}
          decoding="async"
          onError={() => setFailedUrl(photoUrl!)}
        />
      ) : (
        <svg
          className={styles.image}
          viewBox="0 0 40 40"
          width={dimension}
          height={dimension}
          focusable="false"
          data-default-photo=""
          {...(decorative ? { "aria-hidden": true } : { role: "img", "aria-label": name })}
        >
          <rect width="40" height="40" fill="#d8dbe0" />
          <circle cx="20" cy="15" r="7.5" fill="#fff" />
          <path d="M6 40c0-8.3 6.3-14 14-14s14 5.7 14 14z" fill="#fff" />
        </svg>
      )}
    </span>
  );
}
