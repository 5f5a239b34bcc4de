import { useState } from "react";
import Cropper, { type Area, type Point } from "react-easy-crop";
import { t } from "../../../lib/i18n.ts";
import styles from "./PhotoField.module.css";

/** The square the member chose, in the image's own pixels (as it shows upright). */
export interface CropBox {
  x: number;
  y: number;
  size: number;
}

/**
 * A square box over the chosen image, dragged and zoomed (pointer, touch, wheel, the arrow keys, or the zoom slider):
 * its own chunk, loaded once a file is chosen, so react-easy-crop stays off every other page.
 */
export function PhotoCropper({ src, onChange }: { src: string; onChange: (box: CropBox) => void }) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const handleComplete = (_area: Area, pixels: Area) => {
    const size = Math.max(1, Math.min(pixels.width, pixels.height));
    onChange({ x: Math.max(0, pixels.x), y: Math.max(0, pixels.y), size });
  };
  return (
    <div className={styles.cropper}>
      <div className={styles.cropArea}>
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={1}
          cropShape="round"
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={handleComplete}
          keyboardStep={10}
          mediaProps={{ alt: t("Your new photo") }}
          cropperProps={{ "aria-label": t("Photo crop area: drag, or use the arrow keys, to move it") }}
        />
      </div>
      <label className={styles.zoom}>
        {t("Zoom")}
        <input
          type="range"
          min={1}
          max={3}
          step={0.05}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
        />
      </label>
    </div>
  );
}
