import { lazy, Suspense, useEffect, useState } from "react";
import { formatFileSize, userPhotoLimits } from "@parley/contracts/uploads";
import { t } from "../../../lib/i18n.ts";
import { CheckboxField, formStyles } from "../../../ui/forms/Form.tsx";
import { profileEditFields } from "../profile-edit.action.ts";
import type { CropBox } from "./PhotoCropper.tsx";
import styles from "./PhotoField.module.css";

const PhotoCropper = lazy(() => import("./PhotoCropper.tsx").then((module) => ({ default: module.PhotoCropper })));

const accepted = "image/png,image/jpeg,image/gif,image/webp";

/**
 * The member's photo, a file to replace it, and "Remove photo". Without JavaScript the server takes the centred
 * square; with it, a chosen file shows in a square crop box whose position goes with the form (`x`, `y`, `size`).
 */
export function PhotoField({
  photoUrl,
  hasPhoto,
  error,
}: {
  photoUrl: string;
  hasPhoto: boolean;
  error: string | undefined;
}) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [box, setBox] = useState<CropBox | null>(null);
  const [tooBig, setTooBig] = useState<string | null>(null);
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen) : undefined), [chosen]);

  const handleFile = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setBox(null);
    setTooBig(null);
    if (!file) return setChosen(null);
    if (file.size > userPhotoLimits.maxSize) {
      setTooBig(t("The uploaded file was too big (max {size}).", { size: formatFileSize(userPhotoLimits.maxSize) }));
      return setChosen(null);
    }
    setChosen(URL.createObjectURL(file));
  };
  const shown = tooBig ?? error;
  return (
    <div className={styles.photo}>
      <img className={styles.current} src={photoUrl} alt={t("Your photo")} width={96} height={96} />
      <div className={styles.controls}>
        <div className={formStyles.field}>
          <label className={formStyles.label} htmlFor="profile-photo">
            {t("Upload a new photo")}
          </label>
          <input
            id="profile-photo"
            type="file"
            name={profileEditFields.photo}
            accept={accepted}
            onChange={handleFile}
            aria-invalid={shown ? true : undefined}
            aria-describedby={`profile-photo-hint${shown ? " profile-photo-error" : ""}`}
          />
          <span id="profile-photo-hint" className={formStyles.hint}>
            {t("PNG, JPEG, GIF or WebP, at most {size}.", { size: formatFileSize(userPhotoLimits.maxSize) })}
          </span>
          {shown ? (
            <p id="profile-photo-error" className={formStyles.error}>
              {shown}
            </p>
          ) : null}
        </div>
        {chosen ? (
          <Suspense fallback={<p className={formStyles.hint}>{t("Loading…")}</p>}>
            <PhotoCropper src={chosen} onChange={setBox} />
          </Suspense>
        ) : null}
        {box ? (
          <>
            <input type="hidden" name={profileEditFields.cropX} value={box.x} />
            <input type="hidden" name={profileEditFields.cropY} value={box.y} />
            <input type="hidden" name={profileEditFields.cropSize} value={box.size} />
          </>
        ) : null}
        {hasPhoto && !chosen ? <CheckboxField label={t("Remove photo")} name={profileEditFields.removePhoto} /> : null}
      </div>
    </div>
  );
}
